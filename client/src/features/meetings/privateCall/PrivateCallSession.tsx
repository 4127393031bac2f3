import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Phone, PhoneOff } from 'lucide-react';
import { request } from '../../../lib/graphql';
import { subscribe } from '../../../lib/subscriptions';
import { Button, EmptyState, Notice, PublicLayout, Spinner } from '../../../ui';
import type { CallEndReason } from '../call/types';
import { useCallSession } from '../call/useCallSession';
import { DeviceSetup } from '../devices/DeviceSetup';
import { CallScreen } from '../room/CallScreen';
import { joinFailureText, type JoinedCall } from '../room/joinCall';
import { ringVideocallDocument, subCallsDocument } from '../ringing/operations';
import { isOwnRing, ringingState, withRings, type OutgoingRings } from './outgoingRings';
import styles from './PrivateCall.module.css';
import meetingStyles from '../Meetings.module.css';

export interface PrivateCallPeople {
  /** The chat as its members see it: the other person's name, or the group's name. */
  title: string;
  me: string;
  self: { name: string; profileImg: string | null };
  /** Every other member's name by user id, to say who declined. */
  names: ReadonlyMap<string, string>;
}

export interface PrivateCallSessionProps {
  privat: string;
  people: PrivateCallPeople;
  /** Opened by accepting a ring of this call: join at once, ring nobody. Otherwise this person calls. */
  answered: string | null;
}

/** How a call that never got going ended for this page: every ring declined or unanswered, the ringing failed, or the call was over before this callee came. */
type Outcome = 'declined' | 'unanswered' | 'ringFailed' | 'over';

function othersIn(call: JoinedCall): number {
  return call.videocall.users.filter((user) => user.id !== call.videocall.attendee?.id).length;
}

/**
 * A private chat's call (route /chats/:chatid/call): the caller sets up devices, joins and rings the chat's other
 * members, and sees "Ringing…" until someone comes; a callee who accepted joins at once. When every ring ends declined
 * or unanswered the page says so and leaves (the server does not end the call for that); when everyone else hung up it
 * leaves too. Leaving returns to the chat.
 */
export function PrivateCallSession({ privat, people, answered }: PrivateCallSessionProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { title, me } = people;
  const [calling, setCalling] = useState(answered === null);
  const [rings, setRings] = useState<OutgoingRings>(new Map());
  const [present, setPresent] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [someoneCame, setSomeoneCame] = useState(false);
  const stopListening = useRef<(() => void) | null>(null);
  const autoJoined = useRef(false);
  const chatPath = `/chats/${privat}`;

  const { media, phase, join, leave, setUp } = useCallSession({
    place: { privat },
    name: title,
    self: people.self,
    joinError: (error) => <Notice tone="error">{joinFailureText(error, t)}</Notice>,
  });

  const stopRings = useCallback(() => {
    stopListening.current?.();
    stopListening.current = null;
  }, []);
  useEffect(() => stopRings, [stopRings]);

  const follow = useCallback((call: JoinedCall) => {
    setPresent(othersIn(call));
    setSomeoneCame(othersIn(call) > 0);
    call.transport.subscribe((event) => {
      if (event.type !== 'participants') return;
      if (event.participants.length > 0) setSomeoneCame(true);
      setPresent(event.participants.length);
    });
  }, []);

  /** Listens for the rings' ends first, then rings, so that an answer given at once is not missed. */
  const ring = useCallback(
    async (call: JoinedCall) => {
      const videocall = call.videocall.id;
      stopRings();
      stopListening.current = subscribe(subCallsDocument, {}, ({ subCalls }) => {
        if (isOwnRing(subCalls, videocall, me)) setRings((current) => withRings(current, [subCalls.ring]));
      });
      try {
        const { ringVideocall } = await request(ringVideocallDocument, { videocall }, { handledByCaller: true });
        setRings((current) => withRings(current, ringVideocall));
      } catch {
        stopRings();
        leave();
        setOutcome('ringFailed');
      }
    },
    [leave, me, stopRings],
  );

  const start = async () => {
    setRings(new Map());
    setOutcome(null);
    setSomeoneCame(false);
    const call = await join();
    if (!call) return;
    follow(call);
    await ring(call);
  };

  // A callee who accepted joins as soon as the camera and microphone are ready (or refused): the ring was the question.
  useEffect(() => {
    if (!calling && !autoJoined.current) {
      const answer = async () => {
        if (!media.snapshot().ready)
          await new Promise<void>((resolve) => {
            const stop = media.subscribe(() => {
              if (media.snapshot().ready) {
                stop();
                resolve();
              }
            });
          });
        if (autoJoined.current) return;
        autoJoined.current = true;
        const call = await join();
        if (!call) {
          // The set-up screen shows why; joining from there calls the others back.
          setCalling(true);
          return;
        }
        if (othersIn(call) === 0) {
          // The caller hung up between the ring and this join: this join started a call of its own.
          leave();
          setOutcome('over');
          return;
        }
        follow(call);
      };
      void answer();
    }
  }, [calling, media, join, leave, follow]);

  const state = ringingState(rings);
  const inCall = phase.kind === 'call';

  // Nobody took the call: the page says so, and leaves it.
  const nobodyAnswered = !someoneCame && present === 0 && (state === 'declined' || state === 'unanswered') ? state : null;
  useEffect(() => {
    if (!inCall || !nobodyAnswered) return;
    stopRings();
    leave();
  }, [inCall, nobodyAnswered, leave, stopRings]);

  // Everyone else hung up: the call is over for this person too.
  useEffect(() => {
    if (!inCall || present > 0 || !someoneCame || state === 'ringing') return;
    stopRings();
    leave();
    void navigate(chatPath);
  }, [inCall, present, someoneCame, state, leave, stopRings, navigate, chatPath]);

  const ended = outcome ?? nobodyAnswered;

  const hangUp = () => {
    stopRings();
    leave();
    void navigate(chatPath);
  };

  const callAgain = () => {
    setCalling(true);
    setOutcome(null);
    setSomeoneCame(false);
    setRings(new Map());
    setUp();
  };

  const endText = (outcomeOf: Outcome | null, reason: CallEndReason): { titleText: string; description: string } => {
    if (outcomeOf === 'declined') {
      const callees = [...rings.values()];
      const only = callees.length === 1 ? people.names.get(callees[0]?.callee ?? '') : undefined;
      return only
        ? {
            titleText: t('meetings.privateCall.declined.title', { name: only }),
            description: t('meetings.privateCall.declined.description'),
          }
        : { titleText: t('meetings.privateCall.declinedAll.title'), description: t('meetings.privateCall.declined.description') };
    }
    if (outcomeOf) {
      return {
        titleText: t(`meetings.privateCall.${outcomeOf}.title`),
        description: t(`meetings.privateCall.${outcomeOf}.description`, { name: title }),
      };
    }
    return {
      titleText: t(`meetings.ended.${reason}.title`),
      description: t(`meetings.ended.${reason}.description`, { name: title }),
    };
  };

  if (phase.kind === 'call') {
    const status =
      present > 0
        ? null
        : state === 'ringing'
          ? t('meetings.privateCall.ringing', { name: title })
          : state === 'accepted'
            ? t('meetings.privateCall.joining', { name: title })
            : null;
    return (
      <>
        <CallScreen
          place={{ privat }}
          title={title}
          transport={phase.call.transport}
          recording={phase.call.recording}
          media={media}
          self={people.self}
          member
          onLeave={hangUp}
        />
        <p className={styles.status} role="status" data-shown={status !== null}>
          {status && (
            <>
              <Phone size={16} aria-hidden className={styles.statusIcon} />
              {status}
            </>
          )}
        </p>
      </>
    );
  }

  if (phase.kind === 'ended' || ended) {
    if (phase.kind === 'ended' && phase.reason === 'left' && !ended) return <Spinner />;
    const { titleText, description } = endText(ended, phase.kind === 'ended' ? phase.reason : 'left');
    return (
      <PublicLayout productName={t('app.name')}>
        <div className={meetingStyles.endScreen}>
          <EmptyState icon={PhoneOff} headingLevel={1} title={titleText} description={description} />
          <div className={meetingStyles.endActions}>
            <Button variant="primary" icon={<Phone size={16} aria-hidden />} onClick={callAgain}>
              {t('meetings.privateCall.callAgain')}
            </Button>
            <Link className={meetingStyles.textLink} to={chatPath}>
              {t('meetings.privateCall.backToChat')}
            </Link>
          </div>
        </div>
      </PublicLayout>
    );
  }

  if (!calling) {
    return (
      <PublicLayout productName={t('app.name')}>
        <Spinner label={t('meetings.privateCall.answering', { name: title })} />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout productName={t('app.name')}>
      <DeviceSetup
        media={media}
        roomName={title}
        onJoin={() => void start()}
        joining={phase.kind === 'joining'}
        joinError={phase.kind === 'setup' ? phase.error : null}
      />
    </PublicLayout>
  );
}
