import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useForm } from '../../lib/form';
import { describeRequestError, emailError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { Button, Notice, TextInput } from '../../ui';
import { AuthHeader } from './AuthHeader';
import { forgotPasswordDocument } from './operations';
import styles from './AuthForm.module.css';

function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <p className={styles.footer}>
      <Link to="/signin" className={styles.link}>
        {t('auth.forgot.back')}
      </Link>
    </p>
  );
}

/** `/signup/forgot`: asks for a reset link. The answer never says whether the address has an account. */
export function ForgotScreen() {
  const { t, i18n } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: (values) => ({ email: emailError(values.email, t) }) });

  const onSubmit = form.submit(async ({ email }) => {
    try {
      await request(forgotPasswordDocument, { email: email.trim() }, { handledByCaller: true });
      setSentTo(email.trim());
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      form.showError(described.message, described.field);
    }
  });

  if (sentTo) {
    return (
      <>
        <AuthHeader
          title={t('auth.forgot.sentTitle')}
          badge={<MailCheck size={20} aria-hidden />}
          subtitle={
            <Trans i18nKey="auth.forgot.sent" values={{ email: sentTo }} components={{ strong: <strong className={styles.strong} /> }} />
          }
        />
        <div className={styles.stack}>
          <p className={styles.subtitle}>{t('auth.forgot.sentHint')}</p>
          <Button variant="secondary" size="lg" className={styles.wide} onClick={() => setSentTo(null)}>
            {t('auth.forgot.differentEmail')}
          </Button>
        </div>
        <BackToSignIn />
      </>
    );
  }
  return (
    <>
      <AuthHeader title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <TextInput
          label={t('forms.email')}
          type="email"
          autoComplete="email"
          placeholder={t('forms.emailPlaceholder')}
          autoFocus
          {...form.field('email')}
        />
        <Button type="submit" variant="primary" size="lg" className={styles.submit} loading={form.sending}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
      <BackToSignIn />
    </>
  );
}
