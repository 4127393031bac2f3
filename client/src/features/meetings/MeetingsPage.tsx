import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Copy, Plus, Video } from 'lucide-react';
import { request } from '../../lib/graphql';
import { useAtomValue } from '../../lib/store';
import { Avatar, Button, EmptyState, Notice, Spinner, openDialog, showToast } from '../../ui';
import { spaceListAtom } from '../spaces/atoms';
import { initiateMeetingroomDocument, type Meetingroom } from './operations';
import { useMeetingrooms } from './useMeetingrooms';
import styles from './Meetings.module.css';

function Participants({ room }: { room: Meetingroom }) {
  const { t } = useTranslation();
  if (room.participants.length === 0) return <span className={styles.muted}>{t('meetings.list.nobody')}</span>;
  const names = room.participants.map((participant) => participant.name);
  return (
    <span className={styles.roomPeople} aria-label={t('meetings.list.inCall', { names: names.join(', '), count: names.length })}>
      {room.participants.slice(0, 5).map((participant) => (
        <Avatar
          key={participant.id}
          name={participant.name}
          src={participant.profileImg}
          colorKey={participant.user ?? participant.id}
          size={22}
        />
      ))}
      <span aria-hidden>{t('meetings.list.inCall', { names: names.join(', '), count: names.length })}</span>
    </span>
  );
}

/** The meetings area: each space's room and the team's ad hoc rooms, who is in each now, a new room, guest links. */
export default function MeetingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, retry, upsert } = useMeetingrooms();
  const spaces = useAtomValue(spaceListAtom);
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (key: string, variables: { project?: string; name?: string }) => {
    setOpening(key);
    try {
      const { initiateMeetingroom } = await request(initiateMeetingroomDocument, variables);
      upsert(initiateMeetingroom);
      await navigate(`/meetingroom/${initiateMeetingroom.id}`);
    } catch {
      // The data client has shown why.
    } finally {
      setOpening(null);
    }
  };

  const newRoom = async () => {
    const result = await openDialog({
      title: t('meetings.list.newTitle'),
      inputs: [{ label: t('meetings.list.roomName'), placeholder: t('meetings.list.roomNamePlaceholder') }],
      primaryLabel: t('meetings.list.create'),
    });
    if (!result.confirmed) return;
    const name = result.values[0]?.trim();
    await open('new', name ? { name } : {});
  };

  const copyLink = async (room: Meetingroom) => {
    if (!room.guestLink) return;
    try {
      await navigator.clipboard.writeText(room.guestLink);
      showToast({ message: t('meetings.list.linkCopied'), icon: 'success' });
    } catch {
      showToast({ message: t('meetings.list.copyFailed'), icon: 'error' });
    }
  };

  const rooms = state.kind === 'ready' ? state.rooms : [];
  const roomOfSpace = new Map(rooms.filter((room) => room.project).map((room) => [room.project, room]));
  const adHoc = rooms.filter((room) => !room.project);

  const row = (key: string, name: string, room: Meetingroom | undefined, onOpen: () => void) => (
    <li key={key} className={styles.roomRow}>
      <Video size={18} aria-hidden className={styles.roomIcon} />
      <div className={styles.roomText}>
        <span className={styles.roomName}>{name}</span>
        {room ? <Participants room={room} /> : <span className={styles.muted}>{t('meetings.list.nobody')}</span>}
      </div>
      {room?.guestLink && (
        <Button
          size="sm"
          variant="ghost"
          icon={<Copy size={14} aria-hidden />}
          onClick={() => void copyLink(room)}
          aria-label={t('meetings.list.copyLinkOf', { name })}
        >
          {t('meetings.list.copyLink')}
        </Button>
      )}
      <Button
        size="sm"
        variant={room?.participants.length ? 'primary' : 'secondary'}
        loading={opening === key}
        onClick={onOpen}
        aria-label={t('meetings.list.openNamed', { name })}
      >
        {room?.participants.length ? t('meetings.list.join') : t('meetings.list.open')}
      </Button>
    </li>
  );

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle} tabIndex={-1}>
          {t('areas.meetings.title')}
        </h1>
        <Button variant="primary" icon={<Plus size={16} aria-hidden />} loading={opening === 'new'} onClick={() => void newRoom()}>
          {t('meetings.list.new')}
        </Button>
      </header>
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'failed' && (
        <Notice tone="error" title={t('meetings.list.failed')}>
          <Button size="sm" onClick={retry}>
            {t('meetings.room.tryAgain')}
          </Button>
        </Notice>
      )}
      {state.kind === 'ready' && (
        <>
          <section aria-labelledby="meetings-spaces">
            <h2 id="meetings-spaces" className={styles.sectionTitle}>
              {t('meetings.list.spaces')}
            </h2>
            {spaces.length === 0 ? (
              <p className={styles.muted}>{t('meetings.list.noSpaces')}</p>
            ) : (
              <ul className={styles.roomList}>
                {spaces.map((space) => {
                  const room = roomOfSpace.get(space.id);
                  return row(
                    `space:${space.id}`,
                    space.name,
                    room,
                    () => void (room ? navigate(`/meetingroom/${room.id}`) : open(`space:${space.id}`, { project: space.id })),
                  );
                })}
              </ul>
            )}
          </section>
          <section aria-labelledby="meetings-rooms">
            <h2 id="meetings-rooms" className={styles.sectionTitle}>
              {t('meetings.list.rooms')}
            </h2>
            {adHoc.length === 0 ? (
              <EmptyState icon={Video} title={t('meetings.list.emptyTitle')} description={t('meetings.list.empty')} />
            ) : (
              <ul className={styles.roomList}>
                {adHoc.map((room) => row(room.id, room.name, room, () => void navigate(`/meetingroom/${room.id}`)))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
