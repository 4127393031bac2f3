import { useEffect, useState } from 'react';
import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '#shared/time';
import { describeRequestError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { Avatar, Button, EmptyState, Notice, Spinner } from '../../ui';
import { currentTeamAtom, displayName } from '../auth/session';
import { spacesAtom } from '../spaces/atoms';
import { describeActivity } from './activityText';
import { isTeamAdminAtom, teamPeopleAtom } from './atoms';
import { getTeamActivityDocument, type ActivityEntry } from './operations';
import { loadTeamPeople } from './teamData';
import styles from './Teams.module.css';

const pageSize = 25;

/** A page of the team's activity, newest first: the first one (after null), or the one after a cursor. */
function readActivity(team: string, after: string | null) {
  return request(getTeamActivityDocument, { team, first: pageSize, ...(after ? { after } : {}) }, { handledByCaller: true }).then(
    ({ getTeamActivity }) => getTeamActivity,
  );
}

/** The activity report (admins): the team's events, newest first, as sentences with relative times, a page at a time. */
export function ActivityTab() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const team = useAtomValue(currentTeamAtom);
  const admin = useAtomValue(isTeamAdminAtom);
  const people = useAtomValue(teamPeopleAtom);
  const spaces = useAtomValue(spacesAtom);
  const [entries, setEntries] = useState<ActivityEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // The newest page when the tab opens (and for another team); the entries shown stay until it arrives.
  const teamId = team?.id;
  useEffect(() => {
    if (!admin || !teamId) return undefined;
    let live = true;
    readActivity(teamId, null).then(
      (page) => {
        if (!live) return;
        setEntries(page.entries);
        setCursor(page.nextCursor);
        setNow(Date.now());
        setLoaded(true);
        setError(null);
      },
      (caught: unknown) => live && setError(describeRequestError(caught, t, i18n.language).message),
    );
    if (!store.get(teamPeopleAtom)) void loadTeamPeople(store).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [admin, teamId, store, t, i18n.language]);

  const more = async (after: string) => {
    if (!teamId) return;
    setLoading(true);
    setError(null);
    try {
      const page = await readActivity(teamId, after);
      setEntries((current) => [...current, ...page.entries]);
      setCursor(page.nextCursor);
      setNow(Date.now());
    } catch (caught) {
      setError(describeRequestError(caught, t, i18n.language).message);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  if (!admin) return <Notice tone="info">{t('activity.adminsOnly')}</Notice>;

  const names = {
    person: (userId: string) => {
      const person = people?.find((candidate) => candidate.id === userId);
      return person ? displayName(person) : undefined;
    },
    space: (projectId: string) => spaces.get(projectId)?.name,
  };
  const full = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className={styles.activity}>
      {error && (
        <Notice tone="error" title={t('activity.loadFailed')}>
          {error}
        </Notice>
      )}
      {loaded && entries.length === 0 && (
        <EmptyState icon={ClipboardList} title={t('activity.emptyTitle')} description={t('activity.empty')} />
      )}
      <ol className={styles.activityList} aria-label={t('activity.listLabel')}>
        {entries.map((entry) => {
          const who = entry.actor ? `${entry.actor.firstname} ${entry.actor.lastname}`.trim() : t('activity.system');
          const at = new Date(entry.createdAt);
          return (
            <li key={entry.id} className={styles.activityItem}>
              <Avatar name={who} src={entry.actor?.profileImg} colorKey={entry.actor?.id ?? 'system'} size={26} />
              <p className={styles.activityText}>{describeActivity(entry, names, t)}</p>
              <time className={styles.activityTime} dateTime={entry.createdAt} title={full.format(at)}>
                {formatRelativeTime(at.getTime(), now, i18n.language, t('activity.justNow'))}
              </time>
            </li>
          );
        })}
      </ol>
      {!loaded && !error && (
        <div className={styles.loading} role="status">
          <Spinner size={16} />
          <span>{t('activity.loading')}</span>
        </div>
      )}
      {cursor && (
        <Button onClick={() => void more(cursor)} loading={loading} className={styles.more}>
          {t('activity.more')}
        </Button>
      )}
    </div>
  );
}
