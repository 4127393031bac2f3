import { useEffect, useState } from 'react';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext } from 'react-router';
import { currencies, type Currency } from '#shared/currency';
import { billingPeriods, trialDays, type BillingPeriod } from '#shared/plans';
import { usePageTitleDetail } from '../../lib/documentTitle';
import { describeRequestError } from '../../lib/formMessages';
import { request, RequestError } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { useAction } from '../../lib/useAction';
import { Button, Notice, Page, showToast, Spinner } from '../../ui';
import { navPath, overviewScope, type DashboardLocation } from '../shell/areas';
import { useTeamDetail } from '../teams/useTeamDetail';
import { choosePreferredCurrency, loadPlans, plansAtom, plansKey, preferredCurrencyAtom } from './atoms';
import { formatBillingDate } from './format';
import { setCheckoutDocument, startTrialDocument, type SubscriptionPlan } from './operations';
import { PlanCard } from './PlanCard';
import { planName } from './planText';
import { leaveForPayment } from './redirect';
import { Segmented } from './Segmented';
import { useBilling } from './useBilling';
import styles from './Billing.module.css';

/** The plans of one team, currency and period, read again whenever the team changes (a plan set elsewhere). */
function usePlans(team: string, currency: Currency, period: BillingPeriod, version: unknown) {
  const store = useStore();
  const plans = useAtomValue(plansAtom).get(plansKey(team, currency, period)) ?? null;
  const [failed, setFailed] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    loadPlans(request, store, team, currency, period, { handledByCaller: true }).then(
      () => active && setFailed(null),
      (error: unknown) => active && setFailed(error),
    );
    return () => {
      active = false;
    };
  }, [store, team, currency, period, version, attempt]);
  return { plans, failed: plans ? null : failed, retry: () => setAttempt((count) => count + 1) };
}

/**
 * The plans page (SPEC §2): a currency and a period switch, a card per plan with its price per seat and what it
 * includes, the current plan marked, the trial offer while the team has not used it, and per plan what its button
 * does: Stripe Checkout, or contact sales for business. Without Stripe nothing here charges anyone: an instance
 * administrator sets plans in admin billing.
 */
export default function UpgradePage() {
  const { t, i18n } = useTranslation();
  usePageTitleDetail(t('billing.plans.title'));
  const { team, failed, retry } = useTeamDetail();
  if (!team) {
    return (
      <Page width="wide">
        {failed ? (
          <Notice tone="error" title={t('billing.plans.loadFailed')}>
            {describeRequestError(failed, t, i18n.language).message}
            <Button onClick={retry}>{t('billing.retry')}</Button>
          </Notice>
        ) : (
          <p className={styles.loading} role="status">
            <Spinner size={16} /> {t('billing.loading')}
          </p>
        )}
      </Page>
    );
  }
  return <Plans team={team.id} isAdmin={team.role === 'admin'} version={team} />;
}

function Plans({ team, isAdmin, version }: { team: string; isAdmin: boolean; version: unknown }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const scope = useOutletContext<DashboardLocation | undefined>()?.scope ?? overviewScope;
  const currency = useAtomValue(preferredCurrencyAtom);
  const [period, setPeriod] = useState<BillingPeriod>('yearly');
  const { plans, failed, retry } = usePlans(team, currency, period, version);
  const { billing, replace } = useBilling(team, version);
  const action = useAction();
  const [paymentsOff, setPaymentsOff] = useState(false);

  const administratorSets = paymentsOff || billing?.managedBy === 'administrator';
  const adminBilling = `${navPath('preferences', scope)}/admin/billing`;

  const checkout = (plan: SubscriptionPlan) =>
    action.run(plan.id, async () => {
      try {
        const { setCheckout } = await request(
          setCheckoutDocument,
          { plan: plan.id, type: period, team, currency },
          { handledByCaller: true },
        );
        leaveForPayment(setCheckout.url);
      } catch (error) {
        if (error instanceof RequestError && error.code === 'PAYMENTS_NOT_CONFIGURED') setPaymentsOff(true);
        else throw error;
      }
    });

  const startTrial = () =>
    action.run('trial', async () => {
      const { startTrial: started } = await request(startTrialDocument, { team }, { handledByCaller: true });
      replace(started);
      showToast({ message: t('billing.trial.started', { date: formatBillingDate(started.trialEnd, i18n.language) }), icon: 'success' });
      await loadPlans(request, store, team, currency, period, { handledByCaller: true }).catch(() => undefined);
    });

  const buttonFor = (plan: SubscriptionPlan) => {
    if (plan.action === 'contact')
      return (
        <Link className={styles.linkButton} to={navPath('sales', scope)}>
          {t('billing.plans.contactSales')}
        </Link>
      );
    if ((plan.action !== 'upgrade' && plan.action !== 'downgrade') || !isAdmin || administratorSets) return null;
    const name = planName(t, plan.id, plan.name);
    return (
      <Button
        variant={plan.action === 'upgrade' ? 'primary' : 'secondary'}
        loading={action.pending === plan.id}
        onClick={() => void checkout(plan)}
      >
        {t(plan.action === 'upgrade' ? 'billing.plans.upgrade' : 'billing.plans.switch', { plan: name })}
      </Button>
    );
  };

  const cards = (plans ?? []).filter((plan) => plan.id !== 'trial');
  const offerTrial = billing !== null && !billing.trialUsed && billing.type === 'free';

  return (
    <Page width="wide" title={t('billing.plans.title')} description={t('billing.plans.subtitle')}>
      <div className={styles.switches}>
        <Segmented
          label={t('billing.plans.period')}
          value={period}
          onChange={setPeriod}
          options={billingPeriods.map((value) => ({ value, label: t(`billing.periods.${value}`) }))}
        />
        <Segmented
          label={t('billing.plans.currency')}
          value={currency}
          onChange={(value) => choosePreferredCurrency(store, value)}
          options={currencies.map((value) => ({ value, label: value.toUpperCase() }))}
        />
      </div>
      {administratorSets && (
        <Notice tone="info" title={t('billing.plans.administratorTitle')}>
          <p>{t('billing.plans.administratorText')}</p>
          {billing?.instanceAdministrator && (
            <Link className={styles.inlineLink} to={adminBilling}>
              {t('billing.plans.openAdminBilling')}
            </Link>
          )}
        </Notice>
      )}
      {!isAdmin && <Notice tone="info">{t('billing.plans.adminsOnly')}</Notice>}
      {action.error && <Notice tone="error">{action.error}</Notice>}
      {billing?.type === 'trial' && billing.trialEnd && (
        <Notice tone="success">{t('billing.trial.runsUntil', { date: formatBillingDate(billing.trialEnd, i18n.language) })}</Notice>
      )}
      {offerTrial && (
        <section className={styles.trial} aria-labelledby="trial-title">
          <Sparkles size={20} aria-hidden className={styles.trialIcon} />
          <div className={styles.trialText}>
            <h2 id="trial-title" className={styles.trialTitle}>
              {t('billing.trial.title', { days: trialDays })}
            </h2>
            <p className={styles.muted}>{t('billing.trial.description', { days: trialDays })}</p>
          </div>
          {isAdmin && (
            <Button variant="primary" loading={action.pending === 'trial'} onClick={() => void startTrial()}>
              {t('billing.trial.start', { days: trialDays })}
            </Button>
          )}
        </section>
      )}
      {failed ? (
        <Notice tone="error" title={t('billing.plans.loadFailed')}>
          {describeRequestError(failed, t, i18n.language).message} <Button onClick={retry}>{t('billing.retry')}</Button>
        </Notice>
      ) : plans === null ? (
        <p className={styles.loading} role="status">
          <Spinner size={16} /> {t('billing.loading')}
        </p>
      ) : (
        <div className={styles.planGrid}>
          {cards.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} action={buttonFor(plan)} />
          ))}
        </div>
      )}
      <p className={styles.muted}>
        {t('billing.plans.salesPrompt')}{' '}
        <Link className={styles.inlineLink} to={navPath('sales', scope)}>
          {t('billing.plans.contactSales')}
        </Link>
      </p>
    </Page>
  );
}
