import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../lib/graphql';
import { graphql } from '../../lib/graphqlDocument';
import { planName } from '../billing/planText';
import { upgradePath } from '../planLimits/planLimits';
import { conversationKey } from './messages';
import type { ConversationTarget } from './operations';
import styles from './Chat.module.css';

export const getMessageHistoryDocument = graphql(`
  query GetMessageHistory($project: ID, $privat: ID, $task: ID, $meetingroom: ID) {
    getMessageHistory(project: $project, privat: $privat, task: $task, meetingroom: $meetingroom) {
      plan
      days
      hidden
    }
  }
`);

interface HiddenHistory {
  key: string;
  plan: string;
  days: number;
}

/**
 * At the beginning of a conversation whose older messages the team's plan hides (SPEC §9 plan limits: hidden,
 * never deleted), says so with the way to a plan that shows them. Nothing while the server says nothing is hidden.
 */
/** `target` is kept as one object per conversation by the caller (Conversation memoises it). */
export function HiddenHistoryNotice({ target }: { target: ConversationTarget }) {
  const { t } = useTranslation();
  const key = conversationKey(target);
  const [history, setHistory] = useState<HiddenHistory | null>(null);

  useEffect(() => {
    let current = true;
    request(getMessageHistoryDocument, target, { handledByCaller: true })
      .then(({ getMessageHistory }) => {
        const { plan, days, hidden } = getMessageHistory;
        if (current) setHistory(hidden && days !== null ? { key, plan, days } : null);
      })
      // Without an answer the conversation shows its usual beginning.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [key, target]);

  if (history?.key !== key) return null;
  return (
    <p className={styles.hiddenHistory}>
      {t('planLimits.historyHidden', { days: history.days, plan: planName(t, history.plan) })}{' '}
      <Link to={upgradePath}>{t('planLimits.upgrade')}</Link>
    </p>
  );
}
