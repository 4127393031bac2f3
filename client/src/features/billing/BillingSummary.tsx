import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#shared/files';
import { isPlanName, storageQuotaBytes } from '#shared/plans';
import { useAtomValue } from '../../lib/store';
import { storageStatsAtom } from '../files/stats';
import { formatBillingDate, formatMoney } from './format';
import type { Billing } from './operations';
import { planName, stateName } from './planText';
import styles from './Billing.module.css';

/** The team's plan at a glance: plan, state, period, seats, price and total, dates, credit and storage. */
export function BillingSummary({ billing }: { billing: Billing }) {
  const { t, i18n } = useTranslation();
  const stats = useAtomValue(storageStatsAtom);
  const money = (cents: number, currency = billing.currency) => formatMoney(cents, currency, i18n.language);
  const paid = billing.type !== 'free' && billing.type !== 'trial';
  // The server's quota once the files area's stats are read (they are read again with the billing), else the plan's.
  const known = stats && stats.team === billing.team ? stats : null;
  const quota = known ? known.storageLimit : isPlanName(billing.type) ? storageQuotaBytes[billing.type] : null;
  const storage = quota === null ? t('billing.summary.storageUnlimited') : formatBytes(quota, i18n.language);
  const rows: [string, string][] = [
    [t('billing.summary.plan'), planName(t, billing.type)],
    [t('billing.summary.state'), stateName(t, billing.state)],
  ];
  if (paid) rows.push([t('billing.summary.period'), t(`billing.periods.${billing.period as 'monthly'}`, { defaultValue: billing.period })]);
  rows.push([
    t('billing.summary.seats'),
    t('billing.summary.seatsValue', { assigned: billing.seatsAssigned, seats: billing.seats, available: billing.seatsAvailable }),
  ]);
  if (paid) {
    rows.push([t('billing.summary.price'), t('billing.summary.perSeat', { amount: money(billing.price) })]);
    rows.push([t('billing.summary.total'), money(billing.total)]);
  }
  if (billing.state === 'cancelled' && billing.currentPeriodEnd)
    rows.push([t('billing.summary.endsOn'), formatBillingDate(billing.currentPeriodEnd, i18n.language)]);
  else if (billing.type === 'trial' && billing.trialEnd)
    rows.push([t('billing.summary.trialEnds'), formatBillingDate(billing.trialEnd, i18n.language)]);
  else if (paid && billing.currentPeriodEnd && billing.period !== 'lifetime')
    rows.push([t('billing.summary.renewsOn'), formatBillingDate(billing.currentPeriodEnd, i18n.language)]);
  rows.push([t('billing.summary.credit'), money(billing.credit, billing.creditCurrency)]);
  if (billing.lifetimes > 0) rows.push([t('billing.summary.lifetimes'), String(billing.lifetimes)]);
  rows.push([
    t('billing.summary.storage'),
    known ? t('billing.summary.storageUsed', { used: formatBytes(known.storage, i18n.language), quota: storage }) : storage,
  ]);

  return (
    <dl className={styles.summary} aria-label={t('billing.summary.title')}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.summaryRow}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The invoices, newest first as the server lists them, each with its receipt (ticket). */
export function InvoiceList({ billing }: { billing: Billing }) {
  const { t, i18n } = useTranslation();
  if (billing.invoices.length === 0) return <p className={styles.muted}>{t('billing.invoices.none')}</p>;
  return (
    <div className={styles.tableScroll}>
      <table className={styles.table} aria-label={t('billing.invoices.title')}>
        <thead>
          <tr>
            <th scope="col">{t('billing.invoices.number')}</th>
            <th scope="col">{t('billing.invoices.date')}</th>
            <th scope="col">{t('billing.invoices.amount')}</th>
            <th scope="col">{t('billing.invoices.state')}</th>
            <th scope="col">{t('billing.invoices.ticket')}</th>
          </tr>
        </thead>
        <tbody>
          {billing.invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td>{invoice.number}</td>
              <td>{formatBillingDate(invoice.createdAt, i18n.language)}</td>
              <td>{formatMoney(invoice.amount, invoice.currency, i18n.language)}</td>
              <td>{t(`billing.invoices.states.${invoice.state as 'issued'}`, { defaultValue: invoice.state })}</td>
              <td>
                {invoice.ticket ? (
                  <a href={invoice.ticket} target="_blank" rel="noreferrer" className={styles.inlineLink}>
                    {t('billing.invoices.view', { number: invoice.number })} <ExternalLink size={12} aria-hidden />
                  </a>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
