import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isProjectId } from '../../app/routeRules';
import { request } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { Avatar } from '../../ui';
import { currentUserAtom } from '../auth/session';
import { spaceIdsAtom, spaceListAtom, spacesAtom } from '../spaces/atoms';
import { getSpaceWithMembersDocument } from '../spaces/operations';
import { SpaceIcon } from '../spaces/SpaceIcon';
import { loadSpaces } from '../teams/teamData';
import { ChannelLink, DocRows, EmptyLine, HomeCard, Loaded, TaskGroups, UnreadRows } from './HomeParts';
import styles from './Home.module.css';
import { getHomeTasksDocument, homeDocLimit, homeDocSpaces, homeTaskLimit, recentDocsDocument, type HomeDoc } from './operations';
import { useLoad } from './useLoad';

/** "Today" moves on at midnight without a reload. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The newest docs of the given spaces, read in one request. */
async function recentDocs(projects: readonly string[]): Promise<HomeDoc[]> {
  if (projects.length === 0) return [];
  const chosen = projects.slice(0, homeDocSpaces);
  const answer = await request(recentDocsDocument(chosen.length), Object.fromEntries(chosen.map((id, index) => [`project_${index}`, id])), {
    handledByCaller: true,
  });
  return Object.values(answer)
    .flatMap((page) => page?.walls ?? [])
    .sort((left, right) => right.updatedAt.localeCompare(left.updatedAt))
    .slice(0, homeDocLimit);
}

/**
 * /overview: what needs the user across their spaces, from what the app already has: their open
 * tasks by due date, the docs edited last, and the spaces with unread messages. The notifications
 * and reports issue will add its feed here.
 */
function OverviewHome() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const store = useStore();
  const spaces = useAtomValue(spaceListAtom);
  const spacesKnown = useAtomValue(spaceIdsAtom) !== null;
  const now = useNow();
  const spaceIds = spaces.map((space) => space.id);
  const tasks = useLoad(
    user ? `tasks:${user.id}` : null,
    async () =>
      (await request(getHomeTasksDocument, { users: [user!.id], open: true, first: homeTaskLimit }, { handledByCaller: true })).getTasks ??
      [],
  );
  // Until the spaces list is known, "no docs" would be a guess: the card reads the list itself (the
  // dashboard's copy comes with the delayed preload, once the browser is idle), then their docs.
  const docs = useLoad(spacesKnown ? `docs:${spaceIds.join(',')}` : 'docs:spaces', () =>
    spacesKnown ? recentDocs(spaceIds) : loadSpaces(store).then(() => []),
  );
  const unread = spaces.filter((space) => (space.unread ?? 0) > 0).sort((left, right) => (right.unread ?? 0) - (left.unread ?? 0));

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h2 className={styles.title}>{t('areas.home.title')}</h2>
          <p className={styles.subtitle}>{user ? t('home.greeting', { name: user.firstname }) : t('home.subtitle')}</p>
        </div>
      </header>
      <div className={styles.grid}>
        <HomeCard id="home-tasks" title={t('home.tasks.title')} wide>
          <Loaded state={tasks.state} retry={tasks.retry} label={t('home.tasks.title')}>
            {(list) =>
              list.length === 0 ? <EmptyLine>{t('home.tasks.empty')}</EmptyLine> : <TaskGroups tasks={list} showSpace now={now} />
            }
          </Loaded>
        </HomeCard>
        <div className={styles.side}>
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
          <HomeCard id="home-docs" title={t('home.docs.title')}>
            <Loaded state={docs.state} retry={docs.retry} label={t('home.docs.title')}>
              {(list) => (list.length === 0 ? <EmptyLine>{t('home.docs.empty')}</EmptyLine> : <DocRows docs={list} showSpace now={now} />)}
            </Loaded>
          </HomeCard>
        </div>
      </div>
    </div>
  );
}

const shownMembers = 12;

/** /:project: the space at a glance: its open tasks, its docs, its channel and its members. */
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
  const members = useLoad(
    `members:${project}`,
    async () => (await request(getSpaceWithMembersDocument, { id: project }, { handledByCaller: true })).getProjectBasic?.users ?? [],
  );

  return (
    <div className={styles.page}>
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
