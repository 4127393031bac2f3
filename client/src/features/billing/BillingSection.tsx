import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { describeRequestError } from '../../lib/formMessages';
import { useStore } from '../../lib/store';
import { Button, Notice, Spinner } from '../../ui';
import { loadStorageStats } from '../files/stats';
import { navPath, overviewScope, type DashboardLocation } from '../shell/areas';
import type { TeamDetail } from '../teams/operations';
import { PromotionCodeMaker, SetPlanForm } from './AdministratorForms';
import { BillingSummary, InvoiceList } from './BillingSummary';
import { PromotionCodeEntry, SubscriptionActions } from './SubscriptionActions';
import { useBilling } from './useBilling';
import styles from './Billing.module.css';

/**
 * Admin › Plans and billing: the plan, its state and period, seats, price and total, credit, invoices and promotion
 * codes. Team admins cancel, reactivate, open Stripe's portal and redeem codes; an instance administrator, when Stripe
 * does not manage the team, sets its plan and seats and makes promotion codes. Everyone else reads it. The team comes
 * from the live team path, so a plan changed elsewhere is read again here at once.
 */
export function BillingSection({ team }: { team: TeamDetail }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const scope = useOutletContext<DashboardLocation | undefined>()?.scope ?? overviewScope;
  const { billing, failed, retry, replace } = useBilling(team.id, team);

  // The storage shown beside the plan (and the files area's bar) follows the plan's quota.
  useEffect(() => {
    void loadStorageStats(store);
  }, [store, team, billing?.type]);

  if (!billing) {
    return failed ? (
      <div className={styles.stack}>
        <Notice tone="error" title={t('billing.admin.loadFailed')}>
          {describeRequestError(failed, t, i18n.language).message}
        </Notice>
        <Button onClick={retry}>{t('billing.retry')}</Button>
      </div>
    ) : (
      <p className={styles.loading} role="status">
        <Spinner size={16} /> {t('billing.loading')}
      </p>
    );
  }

  const isAdmin = team.role === 'admin';
  const administratorSets = billing.instanceAdministrator && billing.managedBy === 'administrator';
  return (
    <div className={styles.stack}>
      {!isAdmin && <Notice tone="info">{t('billing.admin.readOnly')}</Notice>}
      {billing.managedBy === 'administrator' && !billing.instanceAdministrator && (
        <Notice tone="info">{t('billing.admin.noPayments')}</Notice>
      )}
      <section className={styles.block} aria-labelledby="billing-plan">
        <h3 id="billing-plan" className={styles.blockTitle}>
          {t('billing.summary.title')}
        </h3>
        <BillingSummary billing={billing} />
        {isAdmin && <SubscriptionActions billing={billing} replace={replace} plansPath={navPath('upgrade', scope)} />}
      </section>
      {administratorSets && (
        <section className={styles.block} aria-labelledby="billing-administrator">
          <h3 id="billing-administrator" className={styles.blockTitle}>
            {t('billing.administrator.title')}
          </h3>
          <p className={styles.muted}>{t('billing.administrator.description')}</p>
          <SetPlanForm key={`${billing.type}-${billing.period}-${billing.seats}-${billing.currency}`} billing={billing} replace={replace} />
        </section>
      )}
      <section className={styles.block} aria-labelledby="billing-invoices">
        <h3 id="billing-invoices" className={styles.blockTitle}>
          {t('billing.invoices.title')}
        </h3>
        <InvoiceList billing={billing} />
      </section>
      {isAdmin && (
        <section className={styles.block} aria-labelledby="billing-codes">
          <h3 id="billing-codes" className={styles.blockTitle}>
            {t('billing.codes.title')}
          </h3>
          <PromotionCodeEntry billing={billing} replace={replace} />
        </section>
      )}
      {billing.instanceAdministrator && (
        <section className={styles.block} aria-labelledby="billing-maker">
          <h3 id="billing-maker" className={styles.blockTitle}>
            {t('billing.maker.title')}
          </h3>
          <p className={styles.muted}>{t('billing.maker.description')}</p>
          <PromotionCodeMaker />
        </section>
      )}
    </div>
  );
}
