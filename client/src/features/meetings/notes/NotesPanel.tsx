import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotebookPen } from 'lucide-react';
import { lazyPage } from '../../../app/lazyPage';
import { Button, LoadingBar, Notice } from '../../../ui';
import { closeMessageKey, wasAccepted } from '../../docs/collab/session';
import { memberImage, useMemberDocSession } from '../../docs/memberDocSession';
import type { Wall } from '../../docs/operations';
import { docPagePath } from '../../docs/paths';
import { useRoomNotes } from './roomNotes';
import styles from './Notes.module.css';

const DocEditor = lazyPage(() => import('../../docs/editor/DocEditor'));

/** The notes doc in the docs area's collaborative editor: everyone with the panel open edits the same doc live. */
function NotesEditor({ wall }: { wall: Wall }) {
  const { t } = useTranslation();
  const { session, state, editable, user } = useMemberDocSession(wall);
  return (
    <div className={styles.notes}>
      <p className={styles.docLine}>
        <span className={styles.docTitle}>{wall.title}</span>
        <Link to={docPagePath(wall.project, { id: wall.id, folder: wall.folder })} target="_blank" rel="noopener">
          {t('meetings.notes.openInDocs')}
        </Link>
      </p>
      {!wall.canEdit && <p className={styles.hint}>{t('meetings.notes.readOnly')}</p>}
      {state?.connection === 'closed' && <Notice tone="error" title={t(closeMessageKey(state.closeCode, wasAccepted(state)))} />}
      {session && (
        <Suspense fallback={<LoadingBar label={t('meetings.notes.loading')} />}>
          <div className={styles.editor}>
            <DocEditor session={session} editable={editable} project={wall.project} user={user} resolveImage={memberImage} />
          </div>
        </Suspense>
      )}
    </div>
  );
}

/** The call's Notes panel (members of a space's room): the room's notes doc, started here the first time. */
export function NotesPanel({ meetingroom }: { meetingroom: string }) {
  const { t } = useTranslation();
  const { notes, start, retry } = useRoomNotes(meetingroom);
  if (notes.phase === 'ready') return <NotesEditor key={notes.wall.id} wall={notes.wall} />;
  if (notes.phase === 'loading') return <LoadingBar label={t('meetings.notes.loading')} />;
  if (notes.phase === 'failed')
    return (
      <div className={styles.notes}>
        <Notice tone="error" title={t('meetings.notes.loadFailed')}>
          <Button size="sm" onClick={retry}>
            {t('meetings.notes.retry')}
          </Button>
        </Notice>
      </div>
    );
  if (notes.phase === 'refused')
    return (
      <div className={styles.notes}>
        <Notice tone="info" title={t('meetings.notes.refused')} />
      </div>
    );
  return (
    <div className={styles.empty}>
      <NotebookPen size={28} aria-hidden />
      <p>{t('meetings.notes.empty')}</p>
      <Button variant="primary" onClick={start} disabled={notes.starting}>
        {notes.starting ? t('meetings.notes.starting') : t('meetings.notes.start')}
      </Button>
    </div>
  );
}
