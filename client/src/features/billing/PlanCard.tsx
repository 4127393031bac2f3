import { Check } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { BillingPeriod } from '#shared/plans';
import { Card } from '../../ui';
import { formatMoney } from './format';
import type { SubscriptionPlan } from './operations';
import { featureLabel, planDescription, planName } from './planText';
import styles from './Billing.module.css';

export interface PlanCardProps {
  plan: SubscriptionPlan;
  period: BillingPeriod;
  /** The card's button (upgrade, contact sales), or nothing when this viewer cannot act on it. */
  action: React.ReactNode;
}

/** One plan of the plans page: its name, price per seat in the chosen currency and period, what it includes. */
export function PlanCard({ plan, period, action }: PlanCardProps) {
  const { t, i18n } = useTranslation();
  const name = planName(t, plan.id, plan.name);
  const free = plan.price.unitAmount === 0;
  const titleId = `plan-${plan.id}`;
  return (
    <Card as="article" className={clsx(styles.planCard, plan.isCurrent && styles.planCurrent)} aria-labelledby={titleId}>
      <header className={styles.planHeader}>
        <h2 id={titleId} className={styles.planName}>
          {name}
        </h2>
        {plan.isCurrent && <span className={styles.badge}>{t('billing.plans.current')}</span>}
      </header>
      <p className={styles.planDescription}>{planDescription(t, plan.id, plan.description)}</p>
      <p className={styles.price}>
        <span className={styles.amount}>
          {free ? t('billing.plans.freePrice') : formatMoney(plan.price.unitAmount, plan.price.currency, i18n.language)}
        </span>
        {!free && <span className={styles.per}>{t(`billing.plans.per.${period}`)}</span>}
      </p>
      <div className={styles.planAction}>{action}</div>
      <ul className={styles.features} aria-label={t('billing.plans.includes', { plan: name })}>
        {plan.features.map((feature) => (
          <li key={feature} className={styles.feature}>
            <Check size={14} aria-hidden className={styles.featureIcon} />
            <span>{featureLabel(t, feature)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
