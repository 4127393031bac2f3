import { useState } from 'react';
import { Phone, PhoneOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request, RequestError } from '../../../lib/graphql';
import { useStore } from '../../../lib/store';
import { Avatar, Button, Dialog, Notice, showToast } from '../../../ui';
import { acceptPathOf, callsToShow } from './incomingRings';
import { answerVideocallDocument, type VideocallRing } from './operations';
import { useIncomingRings } from './useIncomingRings';
import styles from './Ringing.module.css';

function invitationKey(ring: VideocallRing): 'private' | 'space' | 'room' {
  if (ring.privat) return 'private';
  return ring.project ? 'space' : 'room';
}

/**
 * The incoming call, mounted once in the signed-in frame: who calls, Accept (a private chat's call opens
 * that chat's call page, joined at once; a room or space call opens its meeting room, whose page joins
 * the call) and Decline. It goes away when the ring ends, wherever
 * it was answered. Closing it only hides it here: the ring goes on until it is missed.
 */
export function IncomingCallDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const store = useStore();
  const { rings, forget } = useIncomingRings();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [answering, setAnswering] = useState<'accept' | 'decline' | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const ring = callsToShow(rings.filter((candidate) => !hidden.has(candidate.id)))[0];
  if (!ring) return null;
  const acceptPath = acceptPathOf(ring);

  const answer = async (accept: boolean) => {
    setAnswering(accept ? 'accept' : 'decline');
    setFailed(null);
    try {
      await request(answerVideocallDocument, { videocall: ring.videocall, accept }, { handledByCaller: true });
      forget(ring.videocall);
      if (accept && acceptPath) await navigate(acceptPath);
    } catch (error) {
      if (error instanceof RequestError && error.code === 'NOT_FOUND') {
        // The ring ended meanwhile (answered elsewhere, cancelled, missed).
        forget(ring.videocall);
        showToast({ message: t('meetings.ringing.ended') }, store);
      } else {
        setFailed(ring.videocall);
      }
    } finally {
      setAnswering(null);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) setHidden((current) => new Set(current).add(ring.id));
      }}
      title={t('meetings.ringing.title')}
      footer={
        <>
          <Button
            variant="danger"
            icon={<PhoneOff size={16} />}
            loading={answering === 'decline'}
            disabled={answering !== null}
            onClick={() => void answer(false)}
          >
            {t('meetings.ringing.decline')}
          </Button>
          {acceptPath && (
            <Button
              variant="primary"
              icon={<Phone size={16} />}
              loading={answering === 'accept'}
              disabled={answering !== null}
              onClick={() => void answer(true)}
              data-autofocus
            >
              {t('meetings.ringing.accept')}
            </Button>
          )}
        </>
      }
    >
      <div className={styles.caller}>
        <Avatar name={ring.callerName} src={ring.callerProfileImg} colorKey={ring.caller} size={56} />
        <p className={styles.callerText}>{t(`meetings.ringing.${invitationKey(ring)}`, { name: ring.callerName })}</p>
      </div>
      {failed === ring.videocall && <Notice tone="error">{t('meetings.ringing.failed')}</Notice>}
    </Dialog>
  );
}
