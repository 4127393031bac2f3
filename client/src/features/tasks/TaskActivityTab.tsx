import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '#shared/time';
import { request } from '../../lib/graphql';
import { useAtomValue } from '../../lib/store';
import { useNow } from '../../lib/useNow';
import { Avatar, Button, Notice, Spinner } from '../../ui';
import { boardAtom, boardPeopleAtom, personName } from './atoms';
import { activityPhrase, isActivityField, type ActivityLookup } from './activityText';
import { getTaskActivityDocument, type TaskActivity } from './operations';
import styles from './Panel.module.css';

const pageSize = 20;

interface Page {
  entries: TaskActivity[];
  next: string | null;
  status: 'loading' | 'ready' | 'error';
}

function useLookup(): ActivityLookup {
  const { t } = useTranslation();
  const board = useAtomValue(boardAtom);
  const people = useAtomValue(boardPeopleAtom);
  return useMemo(
    () => ({
      section: (id) => board.states.find((state) => state.id === id)?.value,
      person: (id) => {
        const person = people.find((candidate) => candidate.id === id);
        return person ? personName(person) : undefined;
      },
      tag: (id) => board.tags.find((tag) => tag.id === id)?.name,
      task: (id) => board.tasks.get(id)?.name,
      priority: (priority) => t(`tasks.priority.${priority}`),
      unit: (unit) => t(`tasks.units.${unit}`),
      unknown: t('tasks.activity.unknown'),
    }),
    [board, people, t],
  );
}

function Entry({ entry, lookup, now }: { entry: TaskActivity; lookup: ActivityLookup; now: number }) {
  const { t, i18n } = useTranslation();
  const who = entry.actor ? personName(entry.actor) : t('tasks.activity.someone');
  const when = new Date(entry.createdAt);
  const lines =
    entry.type === 'task.created'
      ? [t('tasks.activity.created', { who })]
      : entry.type === 'task.followed' || entry.type === 'task.unfollowed'
        ? [t(entry.type === 'task.followed' ? 'tasks.activity.followed' : 'tasks.activity.unfollowed', { who })]
        : entry.changes.map((change) => {
            const field = isActivityField(change.field) ? t(`tasks.activity.fields.${change.field}`) : change.field;
            const { phrase, from, to } = activityPhrase(change.field, change.from, change.to, lookup);
            return t(`tasks.activity.${phrase}`, { who, field, from, to });
          });
  return (
    <li className={styles.activityEntry}>
      {entry.actor ? (
        <Avatar name={who} src={entry.actor.profileImg} colorKey={entry.actor.id} size={22} />
      ) : (
        <span className={styles.avatarGap} />
      )}
      <div>
        {lines.map((line, index) => (
          <p key={index} className={styles.activityLine}>
            {line}
          </p>
        ))}
        <time className={styles.muted} dateTime={entry.createdAt} title={when.toLocaleString(i18n.language)}>
          {formatRelativeTime(when.getTime(), now, i18n.language, t('tasks.activity.justNow'))}
        </time>
      </div>
    </li>
  );
}

/** The task's history from the event log, newest first, a page at a time. */
export function TaskActivityTab({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const lookup = useLookup();
  const now = useNow();
  const [page, setPage] = useState<Page>({ entries: [], next: null, status: 'loading' });

  const pageOf = useCallback(
    (after: string | null) =>
      request(getTaskActivityDocument, after ? { task: taskId, first: pageSize, after } : { task: taskId, first: pageSize }, {
        handledByCaller: true,
      }).then(({ getTaskActivity }) => getTaskActivity),
    [taskId],
  );

  // The newest entries, when the tab opens (the panel, and so the tab, is made anew for another task).
  useEffect(() => {
    let open = true;
    pageOf(null).then(
      (first) => open && setPage({ entries: first.entries, next: first.nextCursor, status: 'ready' }),
      () => open && setPage((current) => ({ ...current, status: 'error' })),
    );
    return () => {
      open = false;
    };
  }, [pageOf]);

  /** Older entries after `after`, or the newest again (null) after a failed first read. */
  const load = async (after: string | null) => {
    setPage((current) => ({ ...current, status: 'loading' }));
    try {
      const next = await pageOf(after);
      setPage((current) => ({
        entries: after ? [...current.entries, ...next.entries] : next.entries,
        next: next.nextCursor,
        status: 'ready',
      }));
    } catch {
      setPage((current) => ({ ...current, status: 'error' }));
    }
  };

  return (
    <div className={styles.activity}>
      {page.status === 'ready' && page.entries.length === 0 && <p className={styles.muted}>{t('tasks.activity.empty')}</p>}
      <ol className={styles.activityList} aria-label={t('tasks.panel.activity')}>
        {page.entries.map((entry) => (
          <Entry key={entry.id} entry={entry} lookup={lookup} now={now} />
        ))}
      </ol>
      {page.status === 'loading' && <Spinner label={t('tasks.activity.loading')} />}
      {page.status === 'error' && (
        <Notice tone="error" title={t('tasks.activity.failed')}>
          <Button size="sm" onClick={() => void load(page.entries.length > 0 ? page.next : null)}>
            {t('tasks.retry')}
          </Button>
        </Notice>
      )}
      {page.status === 'ready' && page.next && (
        <Button size="sm" variant="ghost" onClick={() => void load(page.next)}>
          {t('tasks.activity.more')}
        </Button>
      )}
    </div>
  );
}
