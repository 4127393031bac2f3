import { FileText, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRelativeTime } from '#shared/time';
import { dueDateGroup, dueDateGroups, type DueDateGroup } from '#shared/tasks';
import { useAtomValue } from '../../lib/store';
import { Button, Notice, Spinner } from '../../ui';
import { docPagePath } from '../docs/paths';
import { messagePreviewText } from '../chat/chatLists';
import { useListLabels } from '../chat/useListLabels';
import { spacesAtom, type SpaceSummary } from '../spaces/atoms';
import { SpaceIcon } from '../spaces/SpaceIcon';
import { DeadlineChip, PriorityIcon } from '../tasks/TaskCard';
import type { HomeDoc, HomeTask } from './operations';
import styles from './Home.module.css';
import type { Load } from './useLoad';

/** The user's time zone: "today" and "overdue" are calendar days where they are. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** One block of Home: a titled region, with an optional link in its header. */
export function HomeCard({
  id,
  title,
  action,
  children,
  wide = false,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={styles.card} data-wide={wide || undefined} aria-labelledby={id}>
      <header className={styles.cardHeader}>
        <h3 id={id} className={styles.cardTitle}>
          {title}
        </h3>
        {action}
      </header>
      {children}
    </section>
  );
}

/** Loading, a failure with a retry, or the content. */
export function Loaded<T>({
  state,
  retry,
  label,
  children,
}: {
  state: Load<T>;
  retry: () => void;
  label: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (state.status === 'loading')
    return (
      <div className={styles.loading}>
        <Spinner label={t('home.loading', { what: label })} />
      </div>
    );
  if (state.status === 'error') {
    return (
      <Notice tone="error" title={t('home.error', { what: label })}>
        <Button size="sm" onClick={retry}>
          {t('home.retry')}
        </Button>
      </Notice>
    );
  }
  return <>{children(state.data)}</>;
}

export function EmptyLine({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

function SpaceTag({ space }: { space: SpaceSummary | undefined }) {
  if (!space) return null;
  return (
    <span className={styles.spaceTag}>
      <SpaceIcon space={space} size={16} />
      <span className={styles.ellipsis}>{space.name}</span>
    </span>
  );
}

/** Tasks under SPEC §4's due-date groups, in SPEC order; empty groups are left out. */
export function TaskGroups({ tasks, showSpace, now }: { tasks: readonly HomeTask[]; showSpace: boolean; now: Date }) {
  const { t } = useTranslation();
  const spaces = useAtomValue(spacesAtom);
  const groups = new Map<DueDateGroup, HomeTask[]>(dueDateGroups.map((group) => [group, []]));
  for (const task of tasks) groups.get(dueDateGroup(task.deadline, now, timeZone))!.push(task);
  return (
    <div className={styles.groups}>
      {[...groups]
        .filter(([, list]) => list.length > 0)
        .map(([group, list]) => (
          <section key={group} className={styles.group} aria-labelledby={`home-due-${group}`}>
            <h4 id={`home-due-${group}`} className={styles.groupTitle} data-group={group}>
              {t(`tasks.due.${group}`)} <span className={styles.count}>{list.length}</span>
            </h4>
            <ul className={styles.rows}>
              {list.map((task) => (
                <li key={task.id}>
                  <Link to={task.route} className={styles.row}>
                    <PriorityIcon priority={task.priority} />
                    <span className={styles.idCode}>{task.idCode}</span>
                    <span className={styles.rowName}>{task.name}</span>
                    <span className={styles.rowMeta}>
                      {showSpace && <SpaceTag space={spaces.get(task.project)} />}
                      <span className={styles.state}>{task.stateProject.value}</span>
                      {task.deadline && <DeadlineChip deadline={task.deadline} />}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

export function DocRows({ docs, showSpace, now }: { docs: readonly HomeDoc[]; showSpace: boolean; now: Date }) {
  const { t, i18n } = useTranslation();
  const spaces = useAtomValue(spacesAtom);
  return (
    <ul className={styles.rows}>
      {docs.map((doc) => (
        <li key={doc.id}>
          <Link to={docPagePath(doc.project, doc)} className={styles.row}>
            <span className={styles.rowIcon} aria-hidden>
              {doc.emoji ?? <FileText size={14} />}
            </span>
            <span className={styles.rowName}>{doc.title.trim() || t('docs.untitled')}</span>
            <span className={styles.rowMeta}>
              {showSpace && <SpaceTag space={spaces.get(doc.project)} />}
              <time className={styles.time} dateTime={doc.updatedAt}>
                {formatRelativeTime(Date.parse(doc.updatedAt), now.getTime(), i18n.language, t('home.justNow'))}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Spaces whose channel has unread messages, the most unread first; each opens its channel. */
export function UnreadRows({ spaces }: { spaces: readonly SpaceSummary[] }) {
  const { t } = useTranslation();
  const labels = useListLabels();
  return (
    <ul className={styles.rows}>
      {spaces.map((space) => (
        <li key={space.id}>
          <Link
            to={`/chats/${space.id}`}
            className={styles.row}
            aria-label={`${space.name}: ${t('home.unread.count', { count: space.unread ?? 0 })}`}
          >
            <SpaceIcon space={space} size={20} />
            <span className={styles.unreadText}>
              <span className={styles.rowName}>{space.name}</span>
              {space.lastMessage && (
                <span className={styles.preview}>
                  {space.lastMessage.author ? `${space.lastMessage.author.firstname}: ` : ''}
                  {messagePreviewText(space.lastMessage, labels)}
                </span>
              )}
            </span>
            <span className={styles.badge}>{space.unread}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The way into a space's channel, with its unread count. */
export function ChannelLink({ space }: { space: SpaceSummary }) {
  const { t } = useTranslation();
  const unread = space.unread ?? 0;
  return (
    <Link to={`/chats/${space.id}`} className={styles.channel}>
      <MessageSquare size={16} aria-hidden />
      <span className={styles.rowName}>{unread > 0 ? t('home.unread.count', { count: unread }) : t('home.channel.none')}</span>
      <span className={styles.linkText}>{t('home.channel.open')}</span>
    </Link>
  );
}
