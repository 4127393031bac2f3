import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateContactSalesMessage } from '#shared/contactSales';
import { loadClientSettings } from '../../app/clientSettings';
import { usePageTitleDetail } from '../../lib/documentTitle';
import { useForm } from '../../lib/form';
import { emailError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { useAtomValue } from '../../lib/store';
import { Button, Notice, Page, TextArea, TextInput } from '../../ui';
import { currentUserAtom, displayName } from '../auth/session';
import { sendEmailDocument } from './operations';
import styles from './Billing.module.css';

const maximumSeats = 100_000;

/**
 * The contact-sales form (SPEC §5, §8): the requirements (required), who asks, the company and the seats. The request
 * is mailed to the instance's sales address and kept; success says "Request Send", failure gives that address.
 */
export default function ContactSalesPage() {
  const { t } = useTranslation();
  usePageTitleDetail(t('billing.sales.title'));
  const user = useAtomValue(currentUserAtom);
  const [sent, setSent] = useState(false);
  const form = useForm({
    initialValues: { message: '', name: user ? displayName(user) : '', email: user?.email ?? '', company: '', seats: '' },
    validate: (values) => {
      const seats = values.seats.trim();
      return {
        message: validateContactSalesMessage(values.message).ok ? undefined : t('billing.sales.emptyMessage'),
        email: values.email.trim() ? emailError(values.email, t) : undefined,
        seats:
          seats && !(/^\d+$/.test(seats) && Number(seats) >= 1 && Number(seats) <= maximumSeats)
            ? t('billing.sales.seatsInvalid', { maximum: maximumSeats.toLocaleString() })
            : undefined,
      };
    },
  });

  const onSubmit = form.submit(async (values) => {
    const optional = (value: string) => (value.trim() ? value.trim() : null);
    try {
      await request(
        sendEmailDocument,
        {
          message: values.message.trim(),
          name: optional(values.name),
          email: optional(values.email),
          company: optional(values.company),
          seats: values.seats.trim() ? Number(values.seats) : null,
        },
        { handledByCaller: true },
      );
      setSent(true);
    } catch {
      const email = await loadClientSettings().then(
        (settings) => settings.salesEmail,
        () => '',
      );
      form.setFormError(t('billing.sales.failed', { email }));
    }
  });

  return (
    <Page width="narrow" title={t('billing.sales.title')} description={t('billing.sales.subtitle')}>
      {sent ? (
        <Notice tone="success" title={t('billing.sales.sentTitle')}>
          {t('billing.sales.sentText')}
        </Notice>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('billing.sales.title')}>
          {form.formError && <Notice tone="error">{form.formError}</Notice>}
          <TextArea
            label={t('billing.sales.message')}
            rows={6}
            placeholder={t('billing.sales.messagePlaceholder')}
            {...form.field('message')}
          />
          <TextInput label={t('billing.sales.name')} autoComplete="name" maxLength={120} {...form.field('name')} />
          <TextInput label={t('billing.sales.email')} type="email" autoComplete="email" maxLength={254} {...form.field('email')} />
          <TextInput label={t('billing.sales.company')} autoComplete="organization" maxLength={120} {...form.field('company')} />
          <TextInput label={t('billing.sales.seats')} inputMode="numeric" {...form.field('seats')} />
          <div className={styles.actions}>
            <Button type="submit" variant="primary" loading={form.sending}>
              {t('billing.sales.send')}
            </Button>
          </div>
        </form>
      )}
    </Page>
  );
}
