import { ArrowLeft, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useStore } from '../../lib/store';
import { Button } from '../../ui';
import type { CollabSession } from './collab/session';
import { confirmDeleteDoc } from './confirmDelete';
import { CoverMenu } from './CoverMenu';
import styles from './Docs.module.css';
import { editWall } from './docsActions';
import { EmojiPicker } from './EmojiPicker';
import { ExportPdfButton } from './ExportPdfButton';
import type { Wall } from './operations';
import { docsListPath } from './paths';
import type { PdfNode } from './pdf/DocPdf';
import { SaveStatus } from './SaveStatus';
import { ShareDialog } from './ShareDialog';
import { TitleField } from './TitleField';

interface DocHeaderProps {
  wall: Wall;
  session: CollabSession | null;
  /** The editor's content now, for the PDF; null before the editor is ready. */
  content: () => PdfNode | null;
}

/** Above the editor: cover, emoji and title, the save status, and the doc's actions the caller may use. */
export function DocHeader({ wall, session, content }: DocHeaderProps) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const [sharing, setSharing] = useState(false);

  const remove = async () => {
    if (await confirmDeleteDoc(store, wall)) void navigate(docsListPath(wall.project, wall.folder));
  };

  return (
    <header className={styles.docHeader}>
      {wall.cover && (
        <div
          className={styles.cover}
          style={{ backgroundImage: `url("${encodeURI(wall.cover)}")` }}
          role="img"
          aria-label={t('docs.cover.alt')}
        />
      )}
      <div className={styles.toolbar}>
        <Link to={docsListPath(wall.project, wall.folder)} className={styles.back}>
          <ArrowLeft size={14} aria-hidden /> {t('docs.page.back')}
        </Link>
        <span className={styles.spacer} />
        {session && <SaveStatus session={session} />}
        {wall.canEdit && (
          <CoverMenu project={wall.project} cover={wall.cover} onChange={(cover) => void editWall(store, wall, { cover })} />
        )}
        <Button
          size="sm"
          variant="ghost"
          icon={<Share2 size={14} aria-hidden />}
          onClick={() => setSharing(true)}
          aria-pressed={wall.shared}
        >
          {wall.shared ? t('docs.share.shared') : t('docs.share.action')}
        </Button>
        <ExportPdfButton title={wall.title} emoji={wall.emoji} content={content} />
        {wall.canManage && (
          <Button
            size="sm"
            variant="ghost"
            iconOnly
            icon={<Trash2 size={14} aria-hidden />}
            aria-label={t('docs.delete.action')}
            onClick={() => void remove()}
          />
        )}
      </div>
      <div className={styles.titleRow}>
        <EmojiPicker value={wall.emoji} onChange={(emoji) => void editWall(store, wall, { emoji })} disabled={!wall.canEdit} />
        <TitleField wall={wall} />
      </div>
      {sharing && <ShareDialog wall={wall} onClose={() => setSharing(false)} />}
    </header>
  );
}
