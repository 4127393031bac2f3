/** Home's cards fed by other areas: "while you were away", mentions, today's events and meetings, recent files. */
import { AtSign, CalendarDays, Video, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRelativeTime } from '#shared/time';
import { request } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { Avatar, Button } from '../../ui';
import { kindOf } from '../files/fileDisplay';
import { FileKindIcon } from '../files/FileKindIcon';
import { readNotification } from '../notifications/atoms';
import { notificationPath } from '../notifications/model';
import type { AppNotification } from '../notifications/operations';
import { notificationTitle } from '../notifications/texts';
import { spacesAtom } from '../spaces/atoms';
import { SpaceIcon } from '../spaces/SpaceIcon';
import styles from './Home.module.css';
import type { AwayLine, HomeEvent, HomeFile } from './operations';

/** The text of each kind of line; a kind this client does not know (a newer server's) is left out. */
const awayTexts = {
  taskCreated: 'home.away.taskCreated',
  taskFinished: 'home.away.taskFinished',
  messages: 'home.away.messages',
  docEdited: 'home.away.docEdited',
  fileAdded: 'home.away.fileAdded',
} as const;

const isAwayKind = (kind: string): kind is keyof typeof awayTexts => Object.hasOwn(awayTexts, kind);

/** The summary of what changed while the person was away; each line opens its item or its area. */
export function AwayCard({
  lines,
  since,
  now,
  onDismiss,
}: {
  lines: readonly AwayLine[];
  since: string;
  now: Date;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation();
  const spaces = useAtomValue(spacesAtom);
  return (
    <section className={styles.away} aria-labelledby="home-away">
      <header className={styles.cardHeader}>
        <div>
          <h3 id="home-away" className={styles.cardTitle}>
            {t('home.away.title')}
          </h3>
          <p className={styles.awaySince}>
            {t('home.away.since', { time: formatRelativeTime(Date.parse(since), now.getTime(), i18n.language, t('home.justNow')) })}
          </p>
        </div>
        <Button variant="ghost" size="sm" iconOnly icon={<X size={16} />} aria-label={t('home.away.dismiss')} onClick={onDismiss} />
      </header>
      <ul className={styles.rows}>
        {lines.map((line) => {
          if (!isAwayKind(line.kind)) return null;
          const space = spaces.get(line.project);
          return (
            <li key={`${line.project}-${line.kind}`}>
              <Link to={line.route} className={styles.row}>
                {space && <SpaceIcon space={space} size={20} />}
                <span className={styles.rowName}>
                  {t(awayTexts[line.kind], { count: line.count, space: space?.name ?? '' })}
                  {line.name && <span className={styles.awayItem}> · {line.name}</span>}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Recent mentions of the person (the notifications area's "mentions" filter); opening one marks it read. */
export function MentionRows({ mentions, now }: { mentions: readonly AppNotification[]; now: Date }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  return (
    <ul className={styles.rows}>
      {mentions.map((mention) => {
        const path = notificationPath(mention) ?? '/overview';
        const name = mention.author ? `${mention.author.firstname} ${mention.author.lastname}`.trim() : '';
        return (
          <li key={mention.id}>
            <Link
              to={path}
              className={styles.row}
              data-unread={!mention.read || undefined}
              onClick={() => void readNotification(request, store, mention).catch(() => undefined)}
            >
              {mention.author ? (
                <Avatar name={name} src={mention.author.profileImg} colorKey={mention.author.id} size={20} />
              ) : (
                <AtSign size={16} aria-hidden />
              )}
              <span className={styles.unreadText}>
                <span className={styles.rowName}>{notificationTitle(mention, t)}</span>
                {mention.description && <span className={styles.preview}>{mention.description}</span>}
              </span>
              <time className={styles.time} dateTime={mention.createdAt}>
                {formatRelativeTime(Date.parse(mention.createdAt), now.getTime(), i18n.language, t('home.justNow'))}
              </time>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Today's events and meetings, in the order they start; all-day ones first. */
export function EventRows({ events }: { events: readonly HomeEvent[] }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' });
  return (
    <ul className={styles.rows}>
      {events.map((entry) => (
        <li key={entry.id}>
          <Link to={`/overview/calendar/d/${encodeURIComponent(entry.event)}`} className={styles.row}>
            <span className={styles.rowIcon} aria-hidden>
              {entry.meet ? <Video size={14} /> : <CalendarDays size={14} />}
            </span>
            <span className={styles.rowName}>{entry.title || t('home.events.untitled')}</span>
            <span className={styles.rowMeta}>
              <span className={styles.time}>
                {entry.allDay ? t('home.events.allDay') : `${time.format(new Date(entry.start))}–${time.format(new Date(entry.end))}`}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The newest files of the person's spaces; a task's file opens its task. */
export function FileRows({ files, showSpace, now }: { files: readonly HomeFile[]; showSpace: boolean; now: Date }) {
  const { t, i18n } = useTranslation();
  const spaces = useAtomValue(spacesAtom);
  return (
    <ul className={styles.rows}>
      {files.map((file) => {
        const space = file.project ? spaces.get(file.project) : undefined;
        const path = file.task ? `/${file.project}/tasks/d/${file.task}` : `/${file.project}/files/d/${file.id}`;
        return (
          <li key={file.id}>
            <Link to={path} className={styles.row}>
              <span className={styles.rowIcon} aria-hidden>
                <FileKindIcon kind={kindOf(file)} size={14} />
              </span>
              <span className={styles.rowName}>{file.name}</span>
              <span className={styles.rowMeta}>
                {showSpace && space && (
                  <span className={styles.spaceTag}>
                    <SpaceIcon space={space} size={16} />
                    <span className={styles.ellipsis}>{space.name}</span>
                  </span>
                )}
                <time className={styles.time} dateTime={file.createdAt}>
                  {formatRelativeTime(Date.parse(file.createdAt), now.getTime(), i18n.language, t('home.justNow'))}
                </time>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
