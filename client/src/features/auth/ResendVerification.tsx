import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../lib/form';
import { describeRequestError, emailError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { Button, Notice, TextInput } from '../../ui';
import { resendEmailDocument } from './operations';
import styles from './AuthForm.module.css';

/**
 * Sends the verification mail again: one button when the address is known (from the link or the
 * sign-up), else an e-mail field first. Success and failures (RATE_LIMITED with its wait) show here.
 */
export function ResendVerification({ email: knownEmail }: { email: string | null }) {
  const { t, i18n } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: knownEmail ?? '' },
    validate: (values) => ({ email: emailError(values.email, t) }),
  });

  const onSubmit = form.submit(async ({ email }) => {
    setSentTo(null);
    try {
      await request(resendEmailDocument, { email: email.trim() }, { handledByCaller: true });
      setSentTo(email.trim());
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      form.showError(described.message, knownEmail ? undefined : described.field);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {sentTo && <Notice tone="success">{t('auth.verify.resent', { email: sentTo })}</Notice>}
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      {!knownEmail && (
        <TextInput
          label={t('forms.email')}
          type="email"
          autoComplete="email"
          placeholder={t('forms.emailPlaceholder')}
          {...form.field('email')}
        />
      )}
      <Button type="submit" variant={knownEmail ? 'secondary' : 'primary'} size="lg" className={styles.wide} loading={form.sending}>
        {t('auth.verify.resend')}
      </Button>
    </form>
  );
}
