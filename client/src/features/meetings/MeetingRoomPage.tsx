import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { Presentation, SearchX } from 'lucide-react';
import { signInPathFor } from '../../app/routeRules';
import { hasUserCookie } from '../../lib/cookies';
import { useDocumentTitle } from '../../lib/documentTitle';
import { request, RequestError } from '../../lib/graphql';
import { Button, EmptyState, PublicLayout, Spinner } from '../../ui';
import { getUserDocument } from '../auth/operations';
import { displayName } from '../auth/session';
import { initiateMeetingroomDocument, type Meetingroom } from './operations';
import { GuestGate } from './room/GuestGate';
import { RoomSession } from './room/RoomSession';
import styles from './Meetings.module.css';

type MemberRoom =
  | { kind: 'loading' }
  | { kind: 'ready'; room: Meetingroom; self: { name: string; profileImg: string | null } }
  | { kind: 'missing' }
  | { kind: 'failed' };

/** A signed-in member: opens the room (initiateMeetingroom with its id), then the set-up screen and the call. */
function MemberRoom({ meetingroom }: { meetingroom: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<MemberRoom>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    Promise.all([
      request(initiateMeetingroomDocument, { id: meetingroom }, { handledByCaller: true }),
      request(getUserDocument, {}, { handledByCaller: true }),
    ])
      .then(([{ initiateMeetingroom }, { getUser }]) => {
        if (current)
          setState({
            kind: 'ready',
            room: initiateMeetingroom,
            self: { name: displayName(getUser), profileImg: getUser.profileImg ?? null },
          });
      })
      .catch((error: unknown) => {
        if (!current) return;
        const missing = error instanceof RequestError && (error.code === 'NOT_FOUND' || error.code === 'BAD_USER_INPUT');
        setState({ kind: missing ? 'missing' : 'failed' });
      });
    return () => {
      current = false;
    };
  }, [meetingroom, attempt]);

  if (state.kind === 'ready') return <RoomSession room={{ id: state.room.id, name: state.room.name }} self={state.self} member />;
  return (
    <PublicLayout productName={t('app.name')}>
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'missing' && (
        <EmptyState
          icon={SearchX}
          headingLevel={1}
          title={t('meetings.room.missing.title')}
          description={t('meetings.room.missing.description')}
          action={
            <Link className={styles.textLink} to="/overview/meetings">
              {t('meetings.ended.backToMeetings')}
            </Link>
          }
        />
      )}
      {state.kind === 'failed' && (
        <EmptyState
          icon={Presentation}
          headingLevel={1}
          title={t('areas.meetingroom.title')}
          description={t('meetings.room.failed')}
          action={<Button onClick={() => setAttempt(attempt + 1)}>{t('meetings.room.tryAgain')}</Button>}
        />
      )}
    </PublicLayout>
  );
}

/** /meetingroom/:meetingroom (SPEC §2; no start-up preloading): members, guests holding the link, or a way to sign in. */
export default function MeetingRoomPage() {
  const { t } = useTranslation();
  const { meetingroom = '' } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  useDocumentTitle(t('areas.meetingroom.title'));
  const guestSecret = searchParams.get('guest');

  if (hasUserCookie()) return <MemberRoom meetingroom={meetingroom} />;
  if (guestSecret) return <GuestGate meetingroom={meetingroom} secret={guestSecret} />;
  return (
    <PublicLayout productName={t('app.name')}>
      <EmptyState
        icon={Presentation}
        headingLevel={1}
        title={t('areas.meetingroom.title')}
        description={t('meetings.room.signedOut')}
        action={
          <Link className={styles.textLink} to={signInPathFor(location)}>
            {t('meetings.room.signIn')}
          </Link>
        }
      />
    </PublicLayout>
  );
}
