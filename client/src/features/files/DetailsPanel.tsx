import { Copy, Download, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#shared/files';
import { useAtomValue, useSetAtom, useStore } from '../../lib/store';
import { Button, Switch } from '../../ui';
import { detailsOpenAtom, selectedEntryAtom } from './atoms';
import { downloadStoredFile } from './entryCommands';
import { formatDate, formatDuration, kindOf, personName } from './fileDisplay';
import { FileKindIcon } from './FileKindIcon';
import styles from './Files.module.css';
import { copyShareLink, setShared } from './filesActions';

/** The selected file's facts (kind, size base 1024, author, date, dimensions, duration) and its public link. */
export function DetailsPanel() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const entry = useAtomValue(selectedEntryAtom);
  const close = useSetAtom(detailsOpenAtom);
  const file = entry?.kind === 'file' ? entry.file : null;
  const facts: [string, string][] = file
    ? [
        [t('files.details.kind'), t(`files.kinds.${kindOf(file)}`)],
        [t('files.details.type'), file.type],
        [t('files.details.size'), formatBytes(file.size, i18n.language)],
        [t('files.details.author'), personName(file.author) ?? t('files.details.unknownAuthor')],
        [t('files.details.date'), formatDate(file.createdAt, i18n.language)],
        ...(file.width && file.height ? [[t('files.details.dimensions'), `${file.width} × ${file.height}`] as [string, string]] : []),
        ...(file.duration ? [[t('files.details.duration'), formatDuration(file.duration)] as [string, string]] : []),
      ]
    : entry?.kind === 'folder'
      ? [
          [t('files.details.kind'), t('files.kinds.folder')],
          [t('files.details.date'), formatDate(entry.folder.createdAt, i18n.language)],
        ]
      : [];
  return (
    <aside className={styles.details} aria-label={t('files.details.title')}>
      <header className={styles.detailsHeader}>
        <h3 className={styles.detailsTitle}>{t('files.details.title')}</h3>
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          icon={<X size={16} aria-hidden />}
          aria-label={t('files.details.close')}
          onClick={() => close(false)}
        />
      </header>
      {!entry && <p className={styles.muted}>{t('files.details.none')}</p>}
      {entry && (
        <>
          <div className={styles.detailsPreview}>
            {file?.thumbnail ? (
              <img src={file.thumbnail} alt="" />
            ) : (
              <FileKindIcon kind={file ? kindOf(file) : 'folder'} size={40} aria-hidden />
            )}
          </div>
          <p className={styles.detailsName}>{entry.kind === 'file' ? entry.file.name : entry.folder.name}</p>
          <dl className={styles.facts}>
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {file && (
        <div className={styles.detailsActions}>
          {file.canEdit && (
            <Switch
              label={t('files.share.toggle')}
              description={t(file.shared ? 'files.share.on' : 'files.share.off')}
              checked={file.shared}
              onChange={(shared) => void setShared(store, file, shared)}
            />
          )}
          {file.shared && (
            <Button size="sm" icon={<Copy size={14} aria-hidden />} onClick={() => void copyShareLink(file.id)}>
              {t('files.actions.copyLink')}
            </Button>
          )}
          <Button size="sm" icon={<Download size={14} aria-hidden />} onClick={() => downloadStoredFile(file)}>
            {t('files.actions.download')}
          </Button>
        </div>
      )}
    </aside>
  );
}
