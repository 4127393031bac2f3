import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isErrorCode } from '#shared/errors';
import { safeReturnPath } from '../../app/routeRules';
import { useForm } from '../../lib/form';
import { describeRequestError, emailError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { useStore } from '../../lib/store';
import { Button, Notice, PasswordInput, TextInput } from '../../ui';
import { AuthHeader } from './AuthHeader';
import { enterSession } from './enterSession';
import { loginDocument } from './operations';
import { SocialSignIn } from './SocialSignIn';
import styles from './AuthForm.module.css';

/**
 * `/signin`: e-mail and password, the configured social providers, and what a failed social sign-in
 * (`?error=`) means. `?next=` is the page a signed-out visitor asked for: signing in (or signing up)
 * leads there instead of the overview.
 */
export function SignInScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const store = useStore();
  const [searchParams] = useSearchParams();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [linkErrorDismissed, setLinkErrorDismissed] = useState(false);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: (values) => ({ email: emailError(values.email, t), password: values.password ? undefined : t('forms.passwordRequired') }),
  });

  const next = safeReturnPath(searchParams.get('next'));
  const errorCode = searchParams.get('error');
  const linkError =
    errorCode && !linkErrorDismissed ? (isErrorCode(errorCode) ? t(`errors.codes.${errorCode}`) : t('auth.signIn.socialFailed')) : null;

  const onSubmit = form.submit(async ({ email, password }) => {
    setUnverifiedEmail(null);
    setLinkErrorDismissed(true);
    try {
      const { login } = await request(loginDocument, { email: email.trim(), password }, { handledByCaller: true });
      await enterSession(login, store);
      void navigate(next ?? '/overview', { replace: true });
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      if (described.code === 'EMAIL_NOT_VERIFIED') setUnverifiedEmail(email.trim());
      else form.showError(described.message, described.field);
    }
  });

  return (
    <>
      <AuthHeader title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')} />
      <SocialSignIn next={next} />
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {linkError && <Notice tone="error">{linkError}</Notice>}
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        {unverifiedEmail && (
          <Notice tone="mail" title={t('auth.signIn.notVerifiedTitle')}>
            {t('auth.signIn.notVerified', { email: unverifiedEmail })}
          </Notice>
        )}
        <TextInput
          label={t('forms.email')}
          type="email"
          autoComplete="email"
          placeholder={t('forms.emailPlaceholder')}
          autoFocus
          {...form.field('email')}
        />
        <PasswordInput
          label={t('forms.password')}
          autoComplete="current-password"
          labelAside={
            <Link to="/signup/forgot" className={`${styles.link} ${styles.smallLink}`}>
              {t('auth.signIn.forgot')}
            </Link>
          }
          {...form.field('password')}
        />
        <Button type="submit" variant="primary" size="lg" className={styles.submit} loading={form.sending}>
          {t('auth.signIn.submit')}
        </Button>
      </form>
      <p className={styles.footer}>
        {t('auth.signIn.noAccount')}{' '}
        <Link to={next ? `/signup/user?${new URLSearchParams({ next }).toString()}` : '/signup/user'} className={styles.link}>
          {t('auth.signIn.signUp')}
        </Link>
      </p>
    </>
  );
}
