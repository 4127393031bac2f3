import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../lib/graphql';
import { useAction } from '../../lib/useAction';
import { Button, Notice, openDialog, showToast, TextInput } from '../../ui';
import { formatBillingDate, formatMoney } from './format';
import {
  cancelSubscriptionDocument,
  manageSubscriptionsDocument,
  reactivateSubscriptionDocument,
  setCodeDocument,
  type Billing,
} from './operations';
import { planName } from './planText';
import { leaveForPayment } from './redirect';
import styles from './Billing.module.css';

interface ActionsProps {
  billing: Billing;
  /** Takes a mutation's answer: the billing as it is now. */
  replace: (billing: Billing) => void;
  plansPath: string;
}

/**
 * A team admin's actions on the subscription: cancel (benefits last until the period's end, so it asks first) and
 * reactivate before that end, Stripe's customer portal when Stripe manages the subscription, and the plans page.
 */
export function SubscriptionActions({ billing, replace, plansPath }: ActionsProps) {
  const { t, i18n } = useTranslation();
  const action = useAction();
  const running = billing.state === 'active' || billing.state === 'trialing' || billing.state === 'past_due';
  const cancellable = billing.type !== 'free' && running && !(billing.type !== 'trial' && billing.period === 'lifetime');

  const cancel = async () => {
    const end = formatBillingDate(billing.currentPeriodEnd, i18n.language);
    const { confirmed } = await openDialog({
      title: t('billing.actions.cancelTitle', { plan: planName(t, billing.type) }),
      description: end ? t('billing.actions.cancelText', { date: end }) : t('billing.actions.cancelTextNoDate'),
      primaryLabel: t('billing.actions.cancelConfirm'),
      secondaryLabel: t('billing.actions.keep'),
      tone: 'danger',
    });
    if (!confirmed) return;
    await action.run('cancel', async () => {
      const { cancelSubscription } = await request(cancelSubscriptionDocument, { team: billing.team }, { handledByCaller: true });
      replace(cancelSubscription);
      showToast({ message: t('billing.actions.cancelled'), icon: 'success' });
    });
  };

  const reactivate = () =>
    action.run('reactivate', async () => {
      const { reactivateSubscription } = await request(reactivateSubscriptionDocument, { team: billing.team }, { handledByCaller: true });
      replace(reactivateSubscription);
      showToast({ message: t('billing.actions.reactivated'), icon: 'success' });
    });

  const manage = () =>
    action.run('manage', async () => {
      const { manageSubscriptions } = await request(manageSubscriptionsDocument, { team: billing.team }, { handledByCaller: true });
      leaveForPayment(manageSubscriptions.url);
    });

  return (
    <div className={styles.stack}>
      {action.error && <Notice tone="error">{action.error}</Notice>}
      <div className={styles.buttons}>
        <Link className={styles.linkButton} to={plansPath}>
          {t('billing.actions.comparePlans')}
        </Link>
        {billing.managedBy === 'stripe' && (
          <Button loading={action.pending === 'manage'} onClick={() => void manage()}>
            {t('billing.actions.manage')}
          </Button>
        )}
        {billing.state === 'cancelled' && (
          <Button variant="primary" loading={action.pending === 'reactivate'} onClick={() => void reactivate()}>
            {t('billing.actions.reactivate')}
          </Button>
        )}
        {cancellable && (
          <Button variant="danger" loading={action.pending === 'cancel'} onClick={() => void cancel()}>
            {t('billing.actions.cancel')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Redeeming a promotion code (setCode): an unknown, an expired and an already used code each say so. */
export function PromotionCodeEntry({ billing, replace }: Omit<ActionsProps, 'plansPath'>) {
  const { t, i18n } = useTranslation();
  const action = useAction();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);

  const redeem = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    setEmpty(trimmed === '');
    if (!trimmed) return;
    const outcome = await action.run('code', async () => {
      const { setCode: redeemed } = await request(setCodeDocument, { code: trimmed }, { handledByCaller: true });
      replace(redeemed);
    });
    if (outcome.ok) {
      setCode('');
      showToast({ message: t('billing.codes.redeemed', { code: trimmed }), icon: 'success' });
    }
  };

  return (
    <div className={styles.stack}>
      <form className={styles.inlineForm} onSubmit={(event) => void redeem(event)} noValidate aria-label={t('billing.codes.title')}>
        <TextInput
          className={styles.grow}
          label={t('billing.codes.label')}
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setEmpty(false);
            action.setError(null);
          }}
          error={empty ? t('billing.codes.empty') : (action.error ?? undefined)}
        />
        <Button type="submit" className={styles.inlineButton} loading={action.pending === 'code'}>
          {t('billing.codes.redeem')}
        </Button>
      </form>
      {billing.codes.length > 0 && (
        <ul className={styles.codes} aria-label={t('billing.codes.redeemedList')}>
          {billing.codes.map((redeemed) => (
            <li key={`${redeemed.code}-${redeemed.redeemedAt}`}>
              <code>{redeemed.code}</code>{' '}
              <span className={styles.muted}>
                {redeemed.amount !== null && redeemed.currency
                  ? formatMoney(redeemed.amount, redeemed.currency, i18n.language)
                  : redeemed.plan
                    ? planName(t, redeemed.plan)
                    : redeemed.kind}
                {' · '}
                {formatBillingDate(redeemed.redeemedAt, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
