import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { describeRequestError } from '../../lib/formMessages';
import { isPermissionDenied } from '../../lib/permissions';
import { Button, Notice, Spinner, TextInput, showToast } from '../../ui';
import type { TeamDetail } from '../teams/operations';
import { getAiUsageDocument, setAiLimitsDocument, type AiUsage } from './operations';
import styles from './Ai.module.css';

type UsageState = { status: 'loading' } | { status: 'ready'; usage: AiUsage } | { status: 'denied' } | { status: 'error'; message: string };

/** A whole number of 0 or more typed in a field, or null. */
function wholeNumber(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function LimitsForm({
  team,
  usage,
  editable,
  onSaved,
}: {
  team: string;
  usage: AiUsage;
  editable: boolean;
  onSaved: (usage: AiUsage) => void;
}) {
  const { t, i18n } = useTranslation();
  const [requests, setRequests] = useState(String(usage.limits.requestsPerMinute));
  const [tokens, setTokens] = useState(String(usage.limits.tokensPerDay));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requestsValue = wholeNumber(requests);
  const tokensValue = wholeNumber(tokens);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (requestsValue === null || tokensValue === null) return;
    setSaving(true);
    setError(null);
    try {
      const { setAiLimits } = await request(
        setAiLimitsDocument,
        { team, requestsPerMinute: requestsValue, tokensPerDay: tokensValue },
        { handledByCaller: true },
      );
      onSaved({ ...usage, limits: setAiLimits });
      showToast({ message: t('ai.admin.saved'), icon: 'success' });
    } catch (caught) {
      setError(describeRequestError(caught, t, i18n.language).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.limitsForm} onSubmit={(event) => void submit(event)} aria-label={t('ai.admin.limits')}>
      <TextInput
        label={t('ai.admin.requestsPerMinute')}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={requests}
        disabled={!editable}
        error={requestsValue === null ? t('ai.admin.wholeNumber') : undefined}
        onChange={(event) => setRequests(event.target.value)}
      />
      <TextInput
        label={t('ai.admin.tokensPerDay')}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={tokens}
        disabled={!editable}
        error={tokensValue === null ? t('ai.admin.wholeNumber') : undefined}
        onChange={(event) => setTokens(event.target.value)}
      />
      {editable && (
        <Button type="submit" variant="primary" loading={saving} disabled={requestsValue === null || tokensValue === null}>
          {t('ai.admin.save')}
        </Button>
      )}
      {error && (
        <Notice tone="error" className={styles.failure}>
          {error}
        </Notice>
      )}
    </form>
  );
}

function UsageTable({ usage }: { usage: AiUsage }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  if (usage.members.length === 0) return <p className={styles.usageSummary}>{t('ai.admin.noUsage')}</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.usageTable}>
        <caption className="visually-hidden">{t('ai.admin.usage')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ai.admin.member')}</th>
            <th scope="col" className={styles.number}>
              {t('ai.admin.requestsToday')}
            </th>
            <th scope="col" className={styles.number}>
              {t('ai.admin.tokensToday')}
            </th>
            <th scope="col" className={styles.number}>
              {t('ai.admin.tokensThisMonth')}
            </th>
          </tr>
        </thead>
        <tbody>
          {usage.members.map((member) => (
            <tr key={member.user}>
              <th scope="row">{`${member.firstname} ${member.lastname}`.trim()}</th>
              <td className={styles.number}>{number.format(member.requestsToday)}</td>
              <td className={styles.number}>{number.format(member.tokensToday)}</td>
              <td className={styles.number}>{number.format(member.tokensThisMonth)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Admin › AI assistant: the team's limits (requests per minute, tokens per day), editable by admins, and each member's usage. */
export function AiAdminSection({ team }: { team: TeamDetail }) {
  const { t, i18n } = useTranslation();
  const [answer, setAnswer] = useState<{ key: string; state: UsageState } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const editable = team.role === 'admin';
  const key = `${team.id}:${attempt}`;
  const setState = (next: UsageState) => setAnswer({ key, state: next });

  useEffect(() => {
    const abort = new AbortController();
    const settle = (next: UsageState) => setAnswer({ key, state: next });
    request(getAiUsageDocument, { team: team.id }, { handledByCaller: true, signal: abort.signal }).then(
      ({ getAiUsage }) => settle({ status: 'ready', usage: getAiUsage }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        settle(
          isPermissionDenied(error)
            ? { status: 'denied' }
            : { status: 'error', message: describeRequestError(error, t, i18n.language).message },
        );
      },
    );
    return () => abort.abort();
  }, [key, team.id, t, i18n.language]);

  const state: UsageState = answer?.key === key ? answer.state : { status: 'loading' };
  if (state.status === 'loading') return <Spinner size={18} label={t('ai.loading')} />;
  if (state.status === 'denied') return <Notice tone="info">{t('ai.admin.adminsOnly')}</Notice>;
  if (state.status === 'error') {
    return (
      <Notice tone="error" title={t('ai.failed')}>
        <p>{state.message}</p>
        <Button size="sm" variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
          {t('ai.tryAgain')}
        </Button>
      </Notice>
    );
  }
  const { usage } = state;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className={styles.adminStack}>
      {!editable && <Notice tone="info">{t('ai.admin.readOnly')}</Notice>}
      <section className={styles.adminBlock} aria-labelledby="ai-admin-limits">
        <h3 id="ai-admin-limits" className={styles.heroTitle}>
          {t('ai.admin.limits')}
        </h3>
        <p className={styles.usageSummary}>{t('ai.admin.limitsHint')}</p>
        <LimitsForm
          key={`${usage.limits.requestsPerMinute}:${usage.limits.tokensPerDay}`}
          team={team.id}
          usage={usage}
          editable={editable}
          onSaved={(saved) => setState({ status: 'ready', usage: saved })}
        />
      </section>
      <section className={styles.adminBlock} aria-labelledby="ai-admin-usage">
        <h3 id="ai-admin-usage" className={styles.heroTitle}>
          {t('ai.admin.usage')}
        </h3>
        <p className={styles.usageSummary}>
          {t('ai.admin.teamToday', {
            used: number.format(usage.tokensToday),
            limit: number.format(usage.limits.tokensPerDay),
          })}
        </p>
        <UsageTable usage={usage} />
      </section>
    </div>
  );
}
