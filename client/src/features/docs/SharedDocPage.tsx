import { Link2Off } from 'lucide-react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { useDocumentTitle } from '../../lib/documentTitle';
import { request } from '../../lib/graphql';
import { EmptyState, LoadingBar, PublicLayout } from '../../ui';
import { collabCloseCodes } from '#shared/docs';
import { wasAccepted } from './collab/session';
import { useDocSession, useSessionState } from './collab/useSession';
import styles from './Docs.module.css';
import { getWorkspaceDocument, signedDownloadPublicURLDocDocument, type PublicWall } from './operations';

const DocEditor = lazyPage(() => import('./editor/DocEditor'));

type Load = { status: 'loading' } | { status: 'ready'; wall: PublicWall } | { status: 'unavailable' };

function Unavailable({ title, description }: { title: string; description: string }) {
  return <EmptyState icon={Link2Off} title={title} description={description} headingLevel={1} />;
}

/** The live doc, read only, through the public link's secret; it ends when the owner stops sharing. */
function SharedDoc({ wall, secret }: { wall: PublicWall; secret: string }) {
  const { t } = useTranslation();
  const session = useDocSession({ room: wall.room, share: secret });
  const state = useSessionState(session);
  useDocumentTitle(wall.title);
  if (state?.connection === 'closed') {
    // A 4404 at connection means the link no longer works; only an open session learns of a deletion.
    const deleted = state.closeCode === collabCloseCodes.docDeleted && wasAccepted(state);
    return (
      <Unavailable title={deleted ? t('docs.closed.docDeleted') : t('docs.public.stopped')} description={t('docs.public.stoppedHint')} />
    );
  }
  const resolveImage = async (src: string) =>
    (await request(signedDownloadPublicURLDocDocument, { url: src, share: secret }, { handledByCaller: true })).signedDownloadPublicURLDoc;
  return (
    <article className={styles.publicDoc}>
      {wall.cover && (
        <div
          className={styles.cover}
          role="img"
          aria-label={t('docs.cover.alt')}
          style={{ backgroundImage: `url("${encodeURI(wall.cover)}")` }}
        />
      )}
      <h1 className={styles.docTitle}>
        {wall.emoji && <span aria-hidden>{wall.emoji} </span>}
        {wall.title}
      </h1>
      {state && state.connection !== 'connected' && state.everConnected && (
        <p className={styles.muted} role="status">
          {t('docs.status.offline')}
        </p>
      )}
      {session && (
        <Suspense fallback={<LoadingBar label={t('docs.page.loadingEditor')} />}>
          <DocEditor session={session} editable={false} project={null} user={null} resolveImage={resolveImage} />
        </Suspense>
      )}
    </article>
  );
}

/** /share/doc/:docId, where docId is the public link's secret; ?embed=1 drops the app's frame for an iframe. */
export default function SharedDocPage() {
  const { t } = useTranslation();
  const { docId = '' } = useParams();
  const [search] = useSearchParams();
  // What was read for the link it was read for; another link shows loading until its own answer.
  const [answer, setAnswer] = useState<{ docId: string; load: Load } | null>(null);
  const load: Load = answer?.docId === docId ? answer.load : { status: 'loading' };

  useEffect(() => {
    let live = true;
    request(getWorkspaceDocument, { workspace: docId }, { handledByCaller: true }).then(
      ({ getWorkspace }) => live && setAnswer({ docId, load: { status: 'ready', wall: getWorkspace } }),
      () => live && setAnswer({ docId, load: { status: 'unavailable' } }),
    );
    return () => {
      live = false;
    };
  }, [docId]);

  let body: ReactNode;
  if (load.status === 'loading') body = <LoadingBar label={t('docs.public.loading')} />;
  else if (load.status === 'unavailable')
    body = <Unavailable title={t('areas.shareDoc.title')} description={t('docs.public.unavailable')} />;
  else body = <SharedDoc wall={load.wall} secret={docId} />;

  if (search.get('embed') === '1') return <main className={styles.embed}>{body}</main>;
  return <PublicLayout productName={t('app.name')}>{body}</PublicLayout>;
}
