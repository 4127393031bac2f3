import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencies, normalizeCurrency } from '#shared/currency';
import { billingPeriods, isBillingPeriod, isPlanName } from '#shared/plans';
import { request } from '../../lib/graphql';
import { useAction } from '../../lib/useAction';
import { Button, Notice, Select, showToast, TextInput } from '../../ui';
import { setPromotionCodeDocument, setTeamPlanDocument, type Billing, type PromotionCodeInput } from './operations';
import { planName, settablePlans } from './planText';
import styles from './Billing.module.css';

export const seatBounds = { minimum: 1, maximum: 10_000 } as const;

function wholeNumberIn(value: string, minimum: number, maximum: number): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return number >= minimum && number <= maximum ? number : null;
}

/** An instance administrator sets the team's plan, period, seats and currency (setTeamPlan) when Stripe does not. */
export function SetPlanForm({ billing, replace }: { billing: Billing; replace: (billing: Billing) => void }) {
  const { t } = useTranslation();
  const action = useAction();
  const [plan, setPlan] = useState(isPlanName(billing.type) ? billing.type : 'free');
  const [period, setPeriod] = useState(isBillingPeriod(billing.period) ? billing.period : 'monthly');
  const [currency, setCurrency] = useState(normalizeCurrency(billing.currency));
  const [seats, setSeats] = useState(String(Math.max(billing.seats, seatBounds.minimum)));
  const [seatsError, setSeatsError] = useState<string | undefined>();

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const count = wholeNumberIn(seats, seatBounds.minimum, seatBounds.maximum);
    setSeatsError(count === null ? t('billing.administrator.seatsInvalid', seatBounds) : undefined);
    if (count === null) return;
    const outcome = await action.run('plan', async () => {
      const { setTeamPlan } = await request(
        setTeamPlanDocument,
        { team: billing.team, plan, period, seats: count, currency },
        { handledByCaller: true },
      );
      replace(setTeamPlan);
    });
    if (outcome.ok) showToast({ message: t('billing.administrator.saved', { plan: planName(t, plan) }), icon: 'success' });
  };

  return (
    <form className={styles.form} onSubmit={(event) => void save(event)} noValidate aria-label={t('billing.administrator.setPlan')}>
      {action.error && <Notice tone="error">{action.error}</Notice>}
      <div className={styles.fieldRow}>
        <Select
          label={t('billing.administrator.plan')}
          value={plan}
          onChange={(event) => isPlanName(event.target.value) && setPlan(event.target.value)}
          options={settablePlans.map((value) => ({ value, label: planName(t, value) }))}
        />
        <Select
          label={t('billing.administrator.period')}
          value={period}
          onChange={(event) => isBillingPeriod(event.target.value) && setPeriod(event.target.value)}
          options={billingPeriods.map((value) => ({ value, label: t(`billing.periods.${value}`) }))}
        />
        <TextInput
          label={t('billing.administrator.seats')}
          inputMode="numeric"
          value={seats}
          error={seatsError}
          onChange={(event) => setSeats(event.target.value)}
        />
        <Select
          label={t('billing.administrator.currency')}
          value={currency}
          onChange={(event) => setCurrency(normalizeCurrency(event.target.value))}
          options={currencies.map((value) => ({ value, label: value.toUpperCase() }))}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={action.pending === 'plan'}>
          {t('billing.administrator.save')}
        </Button>
      </div>
    </form>
  );
}

const codeKinds = ['credit', 'plan', 'lifetime'] as const;
type CodeKind = (typeof codeKinds)[number];

/** An instance administrator makes a promotion code: a credit, a plan for some days, or a lifetime deal. */
export function PromotionCodeMaker() {
  const { t } = useTranslation();
  const action = useAction();
  const [values, setValues] = useState({
    code: '',
    kind: 'credit' as CodeKind,
    amount: '',
    currency: 'gbp',
    plan: 'business',
    days: '30',
    expiresAt: '',
    maxUses: '',
  });
  const [invalid, setInvalid] = useState<Partial<Record<'code' | 'amount' | 'days' | 'maxUses', string>>>({});
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const make = async (event: React.FormEvent) => {
    event.preventDefault();
    const amount = values.amount.trim() && /^\d+(\.\d{1,2})?$/.test(values.amount.trim()) ? Math.round(Number(values.amount) * 100) : null;
    const days = wholeNumberIn(values.days, 1, 3650);
    const maxUses = values.maxUses.trim() ? wholeNumberIn(values.maxUses, 1, 1_000_000) : null;
    const problems = {
      code: values.code.trim() ? undefined : t('billing.maker.codeRequired'),
      amount: values.kind === 'credit' && (amount === null || amount <= 0) ? t('billing.maker.amountInvalid') : undefined,
      days: values.kind === 'plan' && days === null ? t('billing.maker.daysInvalid') : undefined,
      maxUses: values.maxUses.trim() && maxUses === null ? t('billing.maker.maxUsesInvalid') : undefined,
    };
    setInvalid(problems);
    if (Object.values(problems).some(Boolean)) return;
    const input: PromotionCodeInput = {
      code: values.code.trim(),
      kind: values.kind,
      amount: values.kind === 'credit' ? amount : null,
      currency: values.kind === 'credit' ? values.currency : null,
      plan: values.kind === 'credit' ? null : values.plan,
      days: values.kind === 'plan' ? days : null,
      expiresAt: values.expiresAt ? new Date(`${values.expiresAt}T23:59:59`).toISOString() : null,
      maxUses,
    };
    const outcome = await action.run('make', async () => {
      await request(setPromotionCodeDocument, input, { handledByCaller: true });
    });
    if (outcome.ok) {
      showToast({ message: t('billing.maker.made', { code: input.code }), icon: 'success' });
      setValues((current) => ({ ...current, code: '' }));
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void make(event)} noValidate aria-label={t('billing.maker.title')}>
      {action.error && <Notice tone="error">{action.error}</Notice>}
      <div className={styles.fieldRow}>
        <TextInput label={t('billing.maker.code')} spellCheck={false} value={values.code} error={invalid.code} onChange={set('code')} />
        <Select
          label={t('billing.maker.kind')}
          value={values.kind}
          onChange={set('kind')}
          options={codeKinds.map((value) => ({ value, label: t(`billing.maker.kinds.${value}`) }))}
        />
        {values.kind === 'credit' ? (
          <>
            <TextInput
              label={t('billing.maker.amount')}
              inputMode="decimal"
              value={values.amount}
              error={invalid.amount}
              onChange={set('amount')}
            />
            <Select
              label={t('billing.maker.currency')}
              value={values.currency}
              onChange={set('currency')}
              options={currencies.map((value) => ({ value, label: value.toUpperCase() }))}
            />
          </>
        ) : (
          <Select
            label={t('billing.maker.plan')}
            value={values.plan}
            onChange={set('plan')}
            options={settablePlans
              .filter((plan) => plan !== 'free' && plan !== 'trial')
              .map((value) => ({ value, label: planName(t, value) }))}
          />
        )}
        {values.kind === 'plan' && (
          <TextInput label={t('billing.maker.days')} inputMode="numeric" value={values.days} error={invalid.days} onChange={set('days')} />
        )}
        <TextInput label={t('billing.maker.expiresAt')} type="date" value={values.expiresAt} onChange={set('expiresAt')} />
        <TextInput
          label={t('billing.maker.maxUses')}
          inputMode="numeric"
          value={values.maxUses}
          error={invalid.maxUses}
          onChange={set('maxUses')}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={action.pending === 'make'}>
          {t('billing.maker.make')}
        </Button>
      </div>
    </form>
  );
}
