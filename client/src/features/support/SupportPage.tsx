import { LifeBuoy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitleDetail } from '../../lib/documentTitle';
import { describeRequestError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { useSubscription } from '../../lib/subscriptions';
import { Button, EmptyState, Notice, Page, Spinner } from '../../ui';
import { SupportInbox, useSupportInbox } from './SupportInbox';
import { SupportConversation } from './SupportConversation';
import { getSupportAccessDocument, subSupportDocument } from './operations';
import { useSupportConversation } from './useSupportConversation';
import styles from './Support.module.css';

type Access = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; supportTeam: boolean };

/**
 * Live support: a person's conversation with the instance's support team (its administrators), live both ways.
 * The administrators see every conversation in an inbox, with unread counts, and answer.
 */
export default function SupportPage() {
  const { t, i18n } = useTranslation();
  usePageTitleDetail(t('support.live.title'));
  const [access, setAccess] = useState<Access>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    request(getSupportAccessDocument, {}, { handledByCaller: true }).then(
      (data) => current && setAccess({ status: 'ready', supportTeam: data.getSupportAccess.supportTeam }),
      (error: unknown) => current && setAccess({ status: 'failed', message: describeRequestError(error, t, i18n.language).message }),
    );
    return () => {
      current = false;
    };
  }, [attempt, t, i18n.language]);

  const supportTeam = access.status === 'ready' && access.supportTeam;
  return (
    <Page
      width={supportTeam ? 'wide' : 'regular'}
      title={t('support.live.title')}
      description={supportTeam ? t('support.live.inboxSubtitle') : t('support.live.subtitle')}
    >
      {access.status === 'loading' && (
        <p className={styles.loading}>
          <Spinner size={16} /> {t('support.loading')}
        </p>
      )}
      {access.status === 'failed' && (
        <Notice tone="error" title={t('support.live.loadFailed')}>
          <p className={styles.plain}>{access.message}</p>
          <Button
            onClick={() => {
              setAccess({ status: 'loading' });
              setAttempt((value) => value + 1);
            }}
          >
            {t('support.retry')}
          </Button>
        </Notice>
      )}
      {access.status === 'ready' && (access.supportTeam ? <SupportTeamView /> : <OwnConversation />)}
    </Page>
  );
}

/** A person's own conversation with the support team. */
function OwnConversation() {
  const { t } = useTranslation();
  const conversation = useSupportConversation(null);
  useSubscription(
    subSupportDocument,
    {},
    ({ subSupport }) => {
      if (subSupport.message) conversation.receive(subSupport.message, subSupport.message.fromSupport);
    },
    { reload: conversation.retry },
  );
  return (
    <SupportConversation
      load={conversation.load}
      send={conversation.send}
      retry={conversation.retry}
      title={t('support.live.team')}
      emptyText={t('support.live.emptyOwn')}
      asSupport={false}
    />
  );
}

/** The support team's view: the inbox beside the conversation chosen (`?person=` in the address). */
function SupportTeamView() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get('person');
  const inbox = useSupportInbox();
  const selectedConversation = useSupportConversation(selected);

  useSubscription(
    subSupportDocument,
    { all: true },
    ({ subSupport }) => {
      inbox.receive(subSupport.thread, subSupport.inboxUnread);
      if (subSupport.message && subSupport.thread.id === selected) {
        selectedConversation.receive(subSupport.message, !subSupport.message.fromSupport);
      }
    },
    { reload: inbox.reload },
  );
  const open = (person: string | null) =>
    setSearchParams((params) => {
      if (person) params.set('person', person);
      else params.delete('person');
      return params;
    });
  const selectedThread = inbox.threads?.find((thread) => thread.id === selected);
  const selectedName = selectedThread?.person
    ? `${selectedThread.person.firstname} ${selectedThread.person.lastname}`.trim()
    : t('support.live.conversation');

  return (
    <div className={styles.support} data-open={selected ? 'true' : 'false'}>
      <div className={styles.inboxColumn}>
        <SupportInbox inbox={inbox} selected={selected} onOpen={open} />
      </div>
      <div className={styles.conversationColumn}>
        {selected ? (
          <SupportConversation
            load={selectedConversation.load}
            send={selectedConversation.send}
            retry={selectedConversation.retry}
            title={selectedName}
            emptyText={t('support.live.emptyThread')}
            asSupport
            onBack={() => open(null)}
          />
        ) : (
          <EmptyState icon={LifeBuoy} title={t('support.live.pickTitle')} description={t('support.live.pickText')} />
        )}
      </div>
    </div>
  );
}
