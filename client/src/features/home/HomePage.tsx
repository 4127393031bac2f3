import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isProjectId } from '../../app/routeRules';
import { request } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { useSubscription } from '../../lib/subscriptions';
import { Avatar } from '../../ui';
import { currentTeamAtom, currentUserAtom } from '../auth/session';
import { subEventDocument } from '../calendar/operations';
import { getNotificationsDocument, subNotificationDocument } from '../notifications/operations';
import { spaceIdsAtom, spaceListAtom, spacesAtom } from '../spaces/atoms';
import { getSpaceWithMembersDocument } from '../spaces/operations';
import { SpaceIcon } from '../spaces/SpaceIcon';
import { loadSpaces } from '../teams/teamData';
import { useAwaySummary } from './awaySummary';
import { AwayCard, EventRows, FileRows, MentionRows } from './HomeFeed';
import { ChannelLink, DocRows, EmptyLine, HomeCard, Loaded, TaskGroups, UnreadRows } from './HomeParts';
import styles from './Home.module.css';
import { recentDocs, recentFiles, todayRange, useNow } from './homeData';
import { getHomeTasksDocument, getTodayEventsDocument, homeDocSpaces, homeTaskChangesDocument, homeTaskLimit } from './operations';
import { SpaceContentWatch } from './SpaceContentWatch';
import { useLoad } from './useLoad';

/** Mentions Home lists: the newest few; the bell's panel has them all. */
const shownMentions = 5;

/**
 * /overview: what needs the user across their spaces: "while you were away", their open tasks by due date, today's
 * events and meetings, their mentions, the spaces with unread messages, and the docs and files added last. It stays
 * live: a notification (a task given to them, a mention) reads tasks and mentions again, a calendar change today's
 * events, a doc or file change in one of the spaces read (the docs and files areas' subDoc and subFile) the recent
 * docs or files; everything is read again after a reconnection.
 */
function OverviewHome() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const teamId = useAtomValue(currentTeamAtom)?.id ?? null;
  const store = useStore();
  const spaces = useAtomValue(spaceListAtom);
  const spacesKnown = useAtomValue(spaceIdsAtom) !== null;
  const now = useNow();
  const today = todayRange(now);
  const spaceIds = spaces.map((space) => space.id);
  const away = useAwaySummary(user?.id ?? null, teamId);
  const tasks = useLoad(
    user ? `tasks:${user.id}:${teamId}` : null,
    async () =>
      (await request(getHomeTasksDocument, { users: [user!.id], open: true, first: homeTaskLimit }, { handledByCaller: true })).getTasks ??
      [],
  );
  const mentions = useLoad(
    `mentions:${teamId}`,
    async () =>
      (await request(getNotificationsDocument, { first: shownMentions, filter: 'mentions' }, { handledByCaller: true })).getNotifications
        ?.notifications ?? [],
  );
  const events = useLoad(
    `events:${teamId}:${today.start}`,
    async () => (await request(getTodayEventsDocument, today, { handledByCaller: true })).getEventsCalendar ?? [],
  );
  // Until the spaces list is known, "no docs" would be a guess: the card reads the list itself (the
  // dashboard's copy comes with the delayed preload, once the browser is idle), then their docs.
  const docs = useLoad(spacesKnown ? `docs:${spaceIds.join(',')}` : 'docs:spaces', () =>
    spacesKnown ? recentDocs(spaceIds) : loadSpaces(store).then(() => []),
  );
  const files = useLoad(spacesKnown ? `files:${spaceIds.join(',')}` : null, () => recentFiles(spaceIds));
  const unread = spaces.filter((space) => (space.unread ?? 0) > 0).sort((left, right) => (right.unread ?? 0) - (left.unread ?? 0));

  useSubscription(subNotificationDocument, {}, () => {
    tasks.retry();
    mentions.retry();
  });
  useSubscription(subEventDocument, {}, () => events.retry());

  return (
    <div className={styles.page}>
      {spacesKnown &&
        spaceIds
          .slice(0, homeDocSpaces)
          .map((project) => <SpaceContentWatch key={project} project={project} onDocsChanged={docs.retry} onFilesChanged={files.retry} />)}
      <header className={styles.header}>
        <div>
          <h2 className={styles.title}>{t('areas.home.title')}</h2>
          <p className={styles.subtitle}>{user ? t('home.greeting', { name: user.firstname }) : t('home.subtitle')}</p>
        </div>
      </header>
      {away.summary && <AwayCard lines={away.summary.lines} since={away.summary.since} now={now} onDismiss={away.dismiss} />}
      <div className={styles.grid}>
        <div className={styles.side}>
          <HomeCard id="home-tasks" title={t('home.tasks.title')} wide>
            <Loaded state={tasks.state} retry={tasks.retry} label={t('home.tasks.title')}>
              {(list) =>
                list.length === 0 ? <EmptyLine>{t('home.tasks.empty')}</EmptyLine> : <TaskGroups tasks={list} showSpace now={now} />
              }
            </Loaded>
          </HomeCard>
          <HomeCard id="home-docs" title={t('home.docs.title')}>
            <Loaded state={docs.state} retry={docs.retry} label={t('home.docs.title')}>
              {(list) => (list.length === 0 ? <EmptyLine>{t('home.docs.empty')}</EmptyLine> : <DocRows docs={list} showSpace now={now} />)}
            </Loaded>
          </HomeCard>
        </div>
        <div className={styles.side}>
          <HomeCard id="home-events" title={t('home.events.title')}>
            <Loaded state={events.state} retry={events.retry} label={t('home.events.title')}>
              {(list) => (list.length === 0 ? <EmptyLine>{t('home.events.empty')}</EmptyLine> : <EventRows events={list} />)}
            </Loaded>
          </HomeCard>
          <HomeCard id="home-mentions" title={t('home.mentions.title')}>
            <Loaded state={mentions.state} retry={mentions.retry} label={t('home.mentions.title')}>
              {(list) =>
                list.length === 0 ? <EmptyLine>{t('home.mentions.empty')}</EmptyLine> : <MentionRows mentions={list} now={now} />
              }
            </Loaded>
          </HomeCard>
          <HomeCard id="home-unread" title={t('home.unread.title')}>
            {/* The unread counts ride on the spaces list: until it is read, as the docs card says. */}
            <Loaded
              state={spacesKnown ? { status: 'ready', data: unread } : docs.state.status === 'error' ? docs.state : { status: 'loading' }}
              retry={docs.retry}
              label={t('home.unread.title')}
            >
              {(rows) => (rows.length === 0 ? <EmptyLine>{t('home.unread.empty')}</EmptyLine> : <UnreadRows spaces={rows} />)}
            </Loaded>
          </HomeCard>
          <HomeCard id="home-files" title={t('home.files.title')}>
            <Loaded state={files.state} retry={files.retry} label={t('home.files.title')}>
              {(list) =>
                list.length === 0 ? <EmptyLine>{t('home.files.empty')}</EmptyLine> : <FileRows files={list} showSpace now={now} />
              }
            </Loaded>
          </HomeCard>
        </div>
      </div>
    </div>
  );
}

const shownMembers = 12;

/** /:project: the space at a glance: its open tasks, its docs and files, its channel and its members; all live. */
function SpaceHome({ project }: { project: string }) {
  const { t } = useTranslation();
  const space = useAtomValue(spacesAtom).get(project);
  const now = useNow();
  const tasks = useLoad(
    `tasks:${project}`,
    async () =>
      (await request(getHomeTasksDocument, { project, open: true, first: homeTaskLimit }, { handledByCaller: true })).getTasks ?? [],
  );
  const docs = useLoad(`docs:${project}`, () => recentDocs([project]));
  const files = useLoad(`files:${project}`, () => recentFiles([project]));
  useSubscription(homeTaskChangesDocument, { project }, () => tasks.retry());
  const members = useLoad(
    `members:${project}`,
    async () => (await request(getSpaceWithMembersDocument, { id: project }, { handledByCaller: true })).getProjectBasic?.users ?? [],
  );

  return (
    <div className={styles.page}>
      <SpaceContentWatch project={project} onDocsChanged={docs.retry} onFilesChanged={files.retry} />
      <header className={styles.header}>
        {space && <SpaceIcon space={space} size={36} />}
        <div>
          <h2 className={styles.title}>{t('areas.home.title')}</h2>
          <p className={styles.subtitle}>{space?.description || (space ? space.name : '')}</p>
        </div>
      </header>
      <div className={styles.grid}>
        <HomeCard
          id="space-home-tasks"
          title={t('home.tasks.spaceTitle')}
          wide
          action={
            <Link className={styles.linkText} to={`/${project}/tasks`}>
              {t('home.tasks.openBoard')}
            </Link>
          }
        >
          <Loaded state={tasks.state} retry={tasks.retry} label={t('home.tasks.spaceTitle')}>
            {(list) =>
              list.length === 0 ? (
                <EmptyLine>{t('home.tasks.spaceEmpty')}</EmptyLine>
              ) : (
                <TaskGroups tasks={list} showSpace={false} now={now} />
              )
            }
          </Loaded>
        </HomeCard>
        <div className={styles.side}>
          {space && (
            <HomeCard id="space-home-channel" title={t('home.channel.title')}>
              <ChannelLink space={space} />
            </HomeCard>
          )}
          <HomeCard
            id="space-home-docs"
            title={t('home.docs.title')}
            action={
              <Link className={styles.linkText} to={`/${project}/docs`}>
                {t('home.docs.all')}
              </Link>
            }
          >
            <Loaded state={docs.state} retry={docs.retry} label={t('home.docs.title')}>
              {(list) =>
                list.length === 0 ? <EmptyLine>{t('home.docs.spaceEmpty')}</EmptyLine> : <DocRows docs={list} showSpace={false} now={now} />
              }
            </Loaded>
          </HomeCard>
          <HomeCard
            id="space-home-files"
            title={t('home.files.title')}
            action={
              <Link className={styles.linkText} to={`/${project}/files`}>
                {t('home.files.all')}
              </Link>
            }
          >
            <Loaded state={files.state} retry={files.retry} label={t('home.files.title')}>
              {(list) =>
                list.length === 0 ? (
                  <EmptyLine>{t('home.files.spaceEmpty')}</EmptyLine>
                ) : (
                  <FileRows files={list} showSpace={false} now={now} />
                )
              }
            </Loaded>
          </HomeCard>
          <HomeCard id="space-home-members" title={t('home.members.title')}>
            <Loaded state={members.state} retry={members.retry} label={t('home.members.title')}>
              {(people) => (
                <>
                  <ul className={styles.members}>
                    {people.slice(0, shownMembers).map((person) => {
                      const name = `${person.firstname} ${person.lastname}`.trim();
                      return (
                        <li key={person.id} className={styles.member}>
                          <Avatar name={name} src={person.profileImg} colorKey={person.id} size={24} />
                          <span className={styles.ellipsis}>{name}</span>
                        </li>
                      );
                    })}
                  </ul>
                  {people.length > shownMembers && <EmptyLine>{t('home.members.more', { count: people.length - shownMembers })}</EmptyLine>}
                </>
              )}
            </Loaded>
          </HomeCard>
        </div>
      </div>
    </div>
  );
}

/** The home area: the overview's summary, or a space's home. */
export default function HomePage() {
  const { project } = useParams();
  return project && isProjectId(project) ? <SpaceHome key={project} project={project} /> : <OverviewHome />;
}
