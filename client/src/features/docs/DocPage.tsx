import type { Editor } from '@tiptap/core';
import { Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { usePageTitleDetail } from '../../lib/documentTitle';
import { useAtomValue, useStore } from '../../lib/store';
import { useSubscription } from '../../lib/subscriptions';
import { Button, focusIfPresent, focusIsLost, LoadingBar, mainHeading, Notice } from '../../ui';
import { NotFound } from '../shell/NotFound';
import { applyDocChange, openWallAtom } from './atoms';
import { collabCloseCodes } from '#shared/docs';
import { closeMessageKey, wasAccepted } from './collab/session';
import { DocHeader } from './DocHeader';
import styles from './Docs.module.css';
import { loadWall } from './docsActions';
import { memberImage, useMemberDocSession } from './memberDocSession';
import { subDocDocument, type Wall } from './operations';
import { docsListPath } from './paths';
import type { PdfNode } from './pdf/DocPdf';

const DocEditor = lazyPage(() => import('./editor/DocEditor'));

function DocView({ wall }: { wall: Wall }) {
  const { t } = useTranslation();
  const { session, state, editable, user } = useMemberDocSession(wall);
  const editor = useRef<Editor | null>(null);
  const page = useRef<HTMLElement>(null);
  const latestWall = useRef(wall);
  useEffect(() => {
    latestWall.current = wall;
  });
  const focusedOnOpen = useRef(false);
  const onEditor = useCallback((current: Editor | null) => {
    editor.current = current;
    // An editor replaced while the page draws (a new session) may already be destroyed: its commands are gone.
    if (!current || current.isDestroyed || focusedOnOpen.current) return;
    focusedOnOpen.current = true;
    // Opening a doc puts focus where one works in it: the title of an untitled doc, else the text
    // (or the title when the doc is read-only). Never taken from something the person moved to meanwhile
    // (the main heading holds it only as the safety net after a navigation).
    // Decided and given in one frame: Tiptap's own focus command gives focus a frame after it is
    // asked, by which time the person may have tabbed to a button, and would lose their place.
    requestAnimationFrame(() => {
      if (current.isDestroyed) return;
      if (!focusIsLost() && document.activeElement !== mainHeading()) return;
      const title = page.current?.querySelector<HTMLElement>('[data-doc-title]');
      if (latestWall.current.canEdit && !latestWall.current.title.trim() && focusIfPresent(title)) return;
      if (!current.isEditable) {
        focusIfPresent(title);
        return;
      }
      current.commands.setTextSelection(0);
      current.view.focus();
    });
  }, []);
  usePageTitleDetail(wall.title);

  return (
    <article ref={page} className={styles.docPage}>
      <DocHeader wall={wall} session={session} content={() => (editor.current ? (editor.current.getJSON() as PdfNode) : null)} />
      {state?.connection === 'closed' && (
        <Notice tone="error" title={t(closeMessageKey(state.closeCode, wasAccepted(state)))}>
          {/* The token refresh did not bring the session back: only signing in again will. */}
          {state.closeCode === collabCloseCodes.unauthenticated && <Link to="/signin">{t('docs.closed.signIn')}</Link>}
        </Notice>
      )}
      {session && (
        <Suspense fallback={<LoadingBar label={t('docs.page.loadingEditor')} />}>
          <DocEditor
            session={session}
            editable={editable}
            project={wall.project}
            user={user}
            resolveImage={memberImage}
            onEditor={onEditor}
          />
        </Suspense>
      )}
    </article>
  );
}

/** One doc of a space (the docs area's detail item): its fields live through subDoc, its content live through its Yjs room. */
export function DocPage({ project, id }: { project: string; id: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const open = useAtomValue(openWallAtom);

  useEffect(() => {
    void loadWall(store, id);
  }, [store, id]);
  // After a reconnection subDoc catches up from the last change it saw and the content's Yjs room syncs
  // by itself; the doc's fields are read again only when subDoc could not catch up.
  useSubscription(subDocDocument, { project }, (data) => applyDocChange(store, data.subDoc), { reload: () => void loadWall(store, id) });

  const wall = open.id === id && open.wall?.id === id ? open.wall : null;
  const back = <Link to={docsListPath(project, wall?.folder ?? null)}>{t('docs.page.back')}</Link>;
  if (open.deleted && wall)
    return (
      <div className={styles.page}>
        <Notice tone="info" title={t('docs.closed.docDeleted')}>
          {back}
        </Notice>
      </div>
    );
  if (wall) return <DocView key={wall.id} wall={wall} />;
  if (open.id === id && open.status === 'notFound')
    return <NotFound back={{ path: docsListPath(project, null), label: t('docs.page.back') }} />;
  if (open.id === id && open.status === 'error') {
    return (
      <div className={styles.page}>
        <Notice tone="error" title={t('docs.errors.loadDoc')}>
          <Button size="sm" onClick={() => void loadWall(store, id)}>
            {t('docs.retry')}
          </Button>
        </Notice>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <LoadingBar label={t('docs.page.loading')} />
    </div>
  );
}
