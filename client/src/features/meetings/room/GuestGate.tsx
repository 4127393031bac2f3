import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, Clock, DoorClosed, KeyRound, Link2Off, UserX } from 'lucide-react';
import { request, RequestError } from '../../../lib/graphql';
import { serverErrorText, translateCodeWith } from '../../../lib/errorMessages';
import { useOnReconnect, useSubscription } from '../../../lib/subscriptions';
import { Button, EmptyState, PublicLayout, Spinner, TextInput } from '../../../ui';
import { setInvitedDocument, subInvitedBasicDocument, type Invited } from '../operations';
import { askGuestPass, forgetGuest, rememberedGuest, rememberGuest } from './guestMemory';
import { RoomSession } from './RoomSession';
import styles from '../Meetings.module.css';

const guestNameMaximum = 60;

type LinkProblem = 'expired' | 'revoked' | 'missing';

/**
 * A signed-out visitor with the room's guest link: gives a name, waits in the lobby until a member admits them, then
 * sets up and joins. Refused, removed, and an expired or revoked link each get a screen of their own.
 */
export function GuestGate({ meetingroom, secret }: { meetingroom: string; secret: string }) {
  const { t } = useTranslation();
  const [guest, setGuest] = useState<Invited | null>(null);
  const [checking, setChecking] = useState(() => rememberedGuest(meetingroom) !== null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [linkProblem, setLinkProblem] = useState<LinkProblem | null>(null);
  /** The remembered guest's pass is no longer valid (its cookie expired or went): say so, and offer to ask again. */
  const [passLost, setPassLost] = useState(false);

  // A guest who reloads keeps their place while the guest cookie still names them.
  const readSelf = useCallback(() => {
    const remembered = rememberedGuest(meetingroom);
    if (!remembered) return;
    void askGuestPass(meetingroom, remembered)
      .then((pass) => {
        if (pass.kind === 'valid') setGuest(pass.invited);
        if (pass.kind !== 'lost') return;
        forgetGuest(meetingroom);
        setGuest(null);
        setPassLost(true);
      })
      .finally(() => setChecking(false));
  }, [meetingroom]);
  useEffect(readSelf, [readSelf]);
  useOnReconnect(() => {
    if (guest) readSelf();
  });

  useSubscription(
    subInvitedBasicDocument,
    { id: guest?.id ?? '' },
    ({ subInvitedBasic }) => {
      if (subInvitedBasic.invited.state === 'removed') forgetGuest(meetingroom);
      setGuest(subInvitedBasic.invited);
    },
    {
      enabled: guest !== null && guest.state !== 'removed',
      reload: readSelf,
    },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t('errors.codes.GUEST_NAME_REQUIRED'));
    setSending(true);
    setNameError(undefined);
    try {
      const { setInvited } = await request(setInvitedDocument, { meetingroom, name: trimmed, link: secret }, { handledByCaller: true });
      rememberGuest(meetingroom, setInvited.invited.id);
      setGuest(setInvited.invited);
    } catch (error) {
      if (error instanceof RequestError && error.code === 'GUEST_LINK_EXPIRED') setLinkProblem('expired');
      else if (error instanceof RequestError && error.code === 'GUEST_LINK_REVOKED') setLinkProblem('revoked');
      else if (error instanceof RequestError && error.code === 'NOT_FOUND') setLinkProblem('missing');
      else if (error instanceof RequestError) setNameError(serverErrorText(translateCodeWith(t), error.code, error.message, error.details));
      else setNameError(t('meetings.guest.failed'));
    } finally {
      setSending(false);
    }
  };

  if (guest?.state === 'admitted')
    return (
      <RoomSession
        room={{ id: meetingroom, name: t('areas.meetingroom.title') }}
        self={{ name: guest.name, profileImg: null }}
        member={false}
      />
    );

  let content;
  if (linkProblem) {
    content = (
      <EmptyState
        icon={Link2Off}
        headingLevel={1}
        title={t(`meetings.guest.link.${linkProblem}.title`)}
        description={t(`meetings.guest.link.${linkProblem}.description`)}
      />
    );
  } else if (passLost) {
    content = (
      <EmptyState
        icon={KeyRound}
        headingLevel={1}
        title={t('meetings.guest.passLost.title')}
        description={t('meetings.guest.passLost.description')}
        action={
          <Button variant="primary" onClick={() => setPassLost(false)}>
            {t('meetings.guest.passLost.askAgain')}
          </Button>
        }
      />
    );
  } else if (checking) {
    content = <Spinner />;
  } else if (guest?.state === 'waiting') {
    content = (
      <div className={styles.lobby} role="status">
        <EmptyState
          icon={Clock}
          headingLevel={1}
          title={t('meetings.guest.waiting.title')}
          description={t('meetings.guest.waiting.description', { name: guest.name })}
        />
        <Spinner />
      </div>
    );
  } else if (guest?.state === 'refused') {
    content = (
      <EmptyState
        icon={Ban}
        headingLevel={1}
        title={t('meetings.guest.refused.title')}
        description={t('meetings.guest.refused.description')}
      />
    );
  } else if (guest?.state === 'removed') {
    content = (
      <EmptyState
        icon={UserX}
        headingLevel={1}
        title={t('meetings.guest.removed.title')}
        description={t('meetings.guest.removed.description')}
      />
    );
  } else {
    content = (
      <form className={styles.guestForm} onSubmit={(event) => void submit(event)} noValidate>
        <DoorClosed size={28} aria-hidden className={styles.guestIcon} />
        <h1 className={styles.guestTitle}>{t('meetings.guest.title')}</h1>
        <p className={styles.muted}>{t('meetings.guest.description')}</p>
        <TextInput
          label={t('meetings.guest.name')}
          value={name}
          maxLength={guestNameMaximum}
          autoComplete="name"
          error={nameError}
          onChange={(event) => setName(event.target.value)}
          required
        />
        <Button type="submit" variant="primary" loading={sending}>
          {t('meetings.guest.ask')}
        </Button>
      </form>
    );
  }
  return <PublicLayout productName={t('app.name')}>{content}</PublicLayout>;
}
