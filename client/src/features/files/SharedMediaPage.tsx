import { Download, FileX } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatBytes } from '#shared/files';
import { useDocumentTitle } from '../../lib/documentTitle';
import { request, RequestError } from '../../lib/graphql';
import { Button, EmptyState, Notice, PublicLayout, Spinner } from '../../ui';
import { downloadFile, kindOf } from './fileDisplay';
import { FileKindIcon } from './FileKindIcon';
import { filePaths, getSharedFileDocument, type SharedFileDetails } from './operations';
import { PdfViewer } from './pdf/PdfViewer';
import styles from './Media.module.css';

type State =
  | { status: 'loading' }
  | { status: 'ready'; file: SharedFileDetails }
  | { status: 'unavailable' }
  | { status: 'rateLimited' }
  | { status: 'error' };

/**
 * Asks getSharedFile about the file (name, type and size from the server's records): it answers
 * NOT_FOUND alike for a file that is not shared, no longer shared or deleted, so nothing tells them apart.
 */
export async function readSharedFile(fileId: string): Promise<State> {
  try {
    const { getSharedFile } = await request(getSharedFileDocument, { id: fileId }, { handledByCaller: true });
    return { status: 'ready', file: getSharedFile };
  } catch (error) {
    if (error instanceof RequestError && error.code === 'NOT_FOUND') return { status: 'unavailable' };
    if (error instanceof RequestError && error.code === 'RATE_LIMITED') return { status: 'rateLimited' };
    return { status: 'error' };
  }
}

function Preview({ fileId, file }: { fileId: string; file: SharedFileDetails }) {
  const { t } = useTranslation();
  const url = filePaths.shared(fileId);
  if (file.kind === 'image') return <img className={styles.sharedMedia} src={url} alt={file.name} />;
  if (file.kind === 'video') return <video className={styles.sharedMedia} src={url} controls playsInline data-testid="shared-video" />;
  // The bytes come as an attachment: the preview is pdf.js drawing them, never the browser's PDF viewer.
  if (file.kind === 'Pdf')
    return (
      <PdfViewer
        source={{ url, credentials: 'omit' }}
        name={file.name}
        tone="page"
        onDownload={() => downloadFile(filePaths.sharedDownload(fileId), file.name)}
      />
    );
  return (
    <div className={styles.sharedFile}>
      <FileKindIcon kind={kindOf({ category: file.kind })} size={48} aria-hidden />
      <p>{t('files.sharePage.noPreview')}</p>
    </div>
  );
}

/** /share/media/:fileId: a shared image, video, PDF or other file, for anyone with the link, signed in or not. */
export default function SharedMediaPage() {
  const { t, i18n } = useTranslation();
  const { fileId = '' } = useParams();
  // Read for the file and the attempt it was read for: Try again, or another link, shows loading until its own answer.
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ fileId: string; attempt: number; state: State } | null>(null);
  const state: State = answer?.fileId === fileId && answer.attempt === attempt ? answer.state : { status: 'loading' };
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  useEffect(() => {
    let live = true;
    void readSharedFile(fileId).then((read) => live && setAnswer({ fileId, attempt, state: read }));
    return () => {
      live = false;
    };
  }, [fileId, attempt]);
  useDocumentTitle(state.status === 'ready' ? state.file.name : t('areas.shareMedia.title'));

  return (
    <PublicLayout productName={t('app.name')}>
      <div className={styles.sharedPage}>
        <h1 className={styles.sharedPageTitle}>{t('areas.shareMedia.title')}</h1>
        {state.status === 'loading' && <Spinner size={24} label={t('files.sharePage.loading')} />}
        {state.status === 'unavailable' && (
          <EmptyState
            icon={FileX}
            title={t('files.sharePage.unavailable.title')}
            description={t('files.sharePage.unavailable.description')}
          />
        )}
        {state.status === 'rateLimited' && <Notice tone="info" title={t('files.sharePage.rateLimited')} />}
        {state.status === 'error' && (
          <Notice tone="error" title={t('files.sharePage.error')}>
            <Button size="sm" onClick={retry}>
              {t('files.retry')}
            </Button>
          </Notice>
        )}
        {state.status === 'ready' && (
          <article className={styles.shared}>
            <header className={styles.sharedHeader}>
              <h2 className={styles.sharedTitle}>{state.file.name}</h2>
              <span className={styles.viewerMeta}>{formatBytes(state.file.size, i18n.language)}</span>
              <a className={styles.downloadLink} href={filePaths.sharedDownload(fileId)} download={state.file.name}>
                <Download size={16} aria-hidden /> {t('files.actions.download')}
              </a>
            </header>
            <Preview fileId={fileId} file={state.file} />
          </article>
        )}
      </div>
    </PublicLayout>
  );
}
