import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Phone, SearchX } from 'lucide-react';
import { useDocumentTitle } from '../../../lib/documentTitle';
import { request } from '../../../lib/graphql';
import { Button, EmptyState, PublicLayout, Spinner } from '../../../ui';
import { privateCallPeopleDocument } from './operations';
import { privateCallPeople } from './privateCallPeople';
import { PrivateCallSession, type PrivateCallPeople } from './PrivateCallSession';
import styles from '../Meetings.module.css';

type Load = { kind: 'loading' } | { kind: 'ready'; people: PrivateCallPeople } | { kind: 'missing' } | { kind: 'failed' };

/**
 * /chats/:chatid/call — a private chat's call, full screen like a room's call but outside the dashboard frame.
 * `?answered=<videocall>` marks a callee who accepted a ring: the page joins at once instead of ringing anyone.
 */
export default function PrivateCallPage() {
  const { t } = useTranslation();
  const { chatid = '' } = useParams();
  const [searchParams] = useSearchParams();
  const answered = searchParams.get('answered');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(load.kind === 'ready' ? t('meetings.privateCall.documentTitle', { name: load.people.title }) : t('areas.chats.title'));

  useEffect(() => {
    let current = true;
    request(privateCallPeopleDocument, {}, { handledByCaller: true })
      .then(({ getUser, getPrivats }) => {
        if (!current) return;
        const chat = getPrivats.find((candidate) => candidate.id === chatid);
        setLoad(chat ? { kind: 'ready', people: privateCallPeople(chat, getUser, t('chat.list.unnamed')) } : { kind: 'missing' });
      })
      .catch(() => {
        if (current) setLoad({ kind: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [chatid, attempt, t]);

  if (load.kind === 'ready')
    return <PrivateCallSession key={`${chatid}/${answered ?? ''}`} privat={chatid} people={load.people} answered={answered} />;
  return (
    <PublicLayout productName={t('app.name')}>
      {load.kind === 'loading' && <Spinner />}
      {load.kind === 'missing' && (
        <EmptyState
          icon={SearchX}
          headingLevel={1}
          title={t('meetings.privateCall.missing.title')}
          description={t('meetings.privateCall.missing.description')}
          action={
            <Link className={styles.textLink} to="/chats">
              {t('meetings.privateCall.backToChats')}
            </Link>
          }
        />
      )}
      {load.kind === 'failed' && (
        <EmptyState
          icon={Phone}
          headingLevel={1}
          title={t('meetings.privateCall.failedTitle')}
          description={t('meetings.room.failed')}
          action={<Button onClick={() => setAttempt(attempt + 1)}>{t('meetings.room.tryAgain')}</Button>}
        />
      )}
    </PublicLayout>
  );
}
