import { Bell, BellOff, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom, useStore } from '../../lib/store';
import { Avatar, Button, Tooltip } from '../../ui';
import { currentUserAtom } from '../auth/session';
import { personName } from './atoms';
import { setFollowing } from './boardActions';
import type { BoardTask, TaskPerson } from './operations';
import styles from './Panel.module.css';
import { quickPickAtom } from './viewAtoms';

function People({ people, empty }: { people: readonly TaskPerson[]; empty: string }) {
  if (people.length === 0) return <span className={styles.muted}>{empty}</span>;
  return (
    <ul className={styles.people}>
      {people.map((person) => (
        <li key={person.id} className={styles.person}>
          <Avatar name={personName(person)} src={person.profileImg} colorKey={person.id} size={20} />
          <span>{personName(person)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Assignees and followers (SPEC §4): assignees follow automatically and cannot unfollow, so for
 * them the button is disabled and says why; everyone else follows and unfollows freely. The
 * followers come with the task's detail (getTask), not with the board: none are listed until it is read.
 */
export function TaskPeople({ task, followers }: { task: BoardTask; followers: readonly TaskPerson[] | undefined }) {
  const { t } = useTranslation();
  const store = useStore();
  const me = useAtomValue(currentUserAtom);
  const openPicker = useSetAtom(quickPickAtom);
  const assigned = me !== null && task.users.some((user) => user.id === me.id);
  const lockedIn = assigned && task.isFollowing;
  // After this person follows or unfollows, the followers the mutation answered, until the detail is read again.
  const [afterToggle, setAfterToggle] = useState<{ over: typeof followers; followers: readonly TaskPerson[] } | null>(null);
  const shownFollowers = afterToggle && afterToggle.over === followers ? afterToggle.followers : followers;
  const toggleFollowing = async () => {
    const now = await setFollowing(store, task.id, !task.isFollowing);
    if (now) setAfterToggle({ over: followers, followers: now });
  };

  return (
    <>
      <div className={styles.field}>
        <span className={styles.fieldLabel}>{t('tasks.people.assignees')}</span>
        <div className={styles.fieldRow}>
          <People people={task.users} empty={t('tasks.people.noAssignees')} />
          {task.canEdit && (
            <Tooltip content={t('tasks.shortcuts.hint', { action: t('tasks.shortcuts.assignee'), key: 'A' })}>
              <Button
                size="sm"
                variant="ghost"
                icon={<UserPlus size={14} aria-hidden />}
                aria-keyshortcuts="a"
                onClick={() => openPicker({ kind: 'assignee', taskId: task.id })}
              >
                {t('tasks.people.edit')}
              </Button>
            </Tooltip>
          )}
        </div>
      </div>
      <div className={styles.field}>
        <span className={styles.fieldLabel}>{t('tasks.people.followers')}</span>
        <div className={styles.fieldRow}>
          {shownFollowers && <People people={shownFollowers} empty={t('tasks.people.noFollowers')} />}
          <Button
            size="sm"
            variant="ghost"
            disabled={lockedIn}
            aria-describedby={lockedIn ? `follow-note-${task.id}` : undefined}
            icon={task.isFollowing ? <BellOff size={14} aria-hidden /> : <Bell size={14} aria-hidden />}
            onClick={() => void toggleFollowing()}
          >
            {t(task.isFollowing ? 'tasks.people.unfollow' : 'tasks.people.follow')}
          </Button>
        </div>
        {lockedIn && (
          <p id={`follow-note-${task.id}`} className={styles.hint}>
            {t('tasks.people.assigneeFollows')}
          </p>
        )}
      </div>
    </>
  );
}
