import { Download, FileX } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fileKindFromMimeType, formatBytes } from '#shared/files';
import { useDocumentTitle } from '../../lib/documentTitle';
import { Button, EmptyState, Notice, PublicLayout, Spinner } from '../../ui';
import { kindIcon } from './fileDisplay';
import { filePaths } from './operations';
import styles from './Media.module.css';

export interface SharedFileInfo {
  name: string;
  type: string;
  size: number | null;
}

type State = { status: 'loading' } | { status: 'ready'; file: SharedFileInfo } | { status: 'unavailable' } | { status: 'rateLimited' } | { status: 'error' };

/** The file name of a Content-Disposition header: the UTF-8 `filename*` when present, else the plain one. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // A malformed encoding: the plain filename below still names the file.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/**
 * Asks the public route about the file without downloading it (HEAD): the server answers 404 alike
 * for a file that is not shared, no longer shared or deleted, so nothing tells them apart.
 */
export async function readSharedFile(fileId: string): Promise<State> {
  try {
    const response = await fetch(filePaths.shared(fileId), { method: 'HEAD', credentials: 'omit' });
    if (response.status === 404 || response.status === 410) return { status: 'unavailable' };
    if (response.status === 429) return { status: 'rateLimited' };
    if (!response.ok) return { status: 'error' };
    const length = Number(response.headers.get('content-length'));
    return {
      status: 'ready',
      file: {
        name: fileNameFromDisposition(response.headers.get('content-disposition')) ?? fileId,
        type: (response.headers.get('content-type') ?? '').split(';')[0]!.trim(),
        size: Number.isFinite(length) && response.headers.has('content-length') ? length : null,
      },
    };
  } catch {
    return { status: 'error' };
  }
}

function Preview({ fileId, file }: { fileId: string; file: SharedFileInfo }) {
  const { t } = useTranslation();
  const url = filePaths.shared(fileId);
  const kind = fileKindFromMimeType(file.type);
  if (kind === 'image') return <img className={styles.sharedMedia} src={url} alt={file.name} />;
  if (kind === 'video') return <video className={styles.sharedMedia} src={url} controls playsInline data-testid="shared-video" />;
  if (kind === 'Pdf') return <iframe className={styles.sharedPdf} src={url} title={file.name} />;
  const Icon = kindIcon({ category: kind });
  return (
    <div className={styles.sharedFile}>
      <Icon size={48} aria-hidden />
      <p>{t('files.sharePage.noPreview')}</p>
    </div>
  );
}

/** /share/media/:fileId: a shared image, video, PDF or other file, for anyone with the link, signed in or not. */
export default function SharedMediaPage() {
  const { t, i18n } = useTranslation();
  const { fileId = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(() => {
    setState({ status: 'loading' });
    void readSharedFile(fileId).then(setState);
  }, [fileId]);
  useEffect(load, [load]);
  useDocumentTitle(state.status === 'ready' ? state.file.name : t('areas.shareMedia.title'));

  return (
    <PublicLayout productName={t('app.name')}>
      <div className={styles.sharedPage}>
        <h1 className={styles.sharedPageTitle}>{t('areas.shareMedia.title')}</h1>
        {state.status === 'loading' && <Spinner size={24} label={t('files.sharePage.loading')} />}
        {state.status === 'unavailable' && (
          <EmptyState icon={FileX} title={t('files.sharePage.unavailable.title')} description={t('files.sharePage.unavailable.description')} />
        )}
        {state.status === 'rateLimited' && <Notice tone="info" title={t('files.sharePage.rateLimited')} />}
        {state.status === 'error' && (
          <Notice tone="error" title={t('files.sharePage.error')}>
            <Button size="sm" onClick={load}>{t('files.retry')}</Button>
          </Notice>
        )}
        {state.status === 'ready' && (
          <article className={styles.shared}>
            <header className={styles.sharedHeader}>
              <h2 className={styles.sharedTitle}>{state.file.name}</h2>
              {state.file.size !== null && <span className={styles.viewerMeta}>{formatBytes(state.file.size, i18n.language)}</span>}
              <a className={styles.downloadLink} href={`${filePaths.shared(fileId)}?download=1`} download={state.file.name}>
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
