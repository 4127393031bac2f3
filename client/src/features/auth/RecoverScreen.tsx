import { useState } from 'react';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from '../../lib/form';
import { describeRequestError, newPasswordError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { Button, Notice, PasswordInput } from '../../ui';
import { AuthHeader } from './AuthHeader';
import { updatePasswordDocument } from './operations';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import styles from './AuthForm.module.css';

function LinkProblem({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <AuthHeader title={title} subtitle={message} badge={<LinkIcon size={20} aria-hidden />} badgeTone="danger" />
      <Button variant="primary" size="lg" className={styles.wide} onClick={() => void navigate('/signup/forgot')}>
        {t('auth.recover.requestNew')}
      </Button>
      <p className={styles.footer}>
        <Link to="/signin" className={styles.link}>
          {t('auth.forgot.back')}
        </Link>
      </p>
    </>
  );
}

/** The new password and its confirmation for a reset link; the server saying the link no longer works ends the form. */
function NewPasswordForm({
  email,
  token,
  onDone,
  onLinkExpired,
}: {
  email: string;
  token: string;
  onDone: () => void;
  onLinkExpired: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: (values) => ({
      password: newPasswordError(values.password, t),
      confirmation: !values.confirmation
        ? t('forms.confirmationRequired')
        : values.confirmation !== values.password
          ? t('forms.passwordsDiffer')
          : undefined,
    }),
  });

  const onSubmit = form.submit(async ({ password }) => {
    try {
      await request(updatePasswordDocument, { email, password, token }, { handledByCaller: true });
      onDone();
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      if (described.code === 'INVALID_LINK') onLinkExpired();
      else form.showError(described.message, described.field);
    }
  });

  return (
    <>
      <AuthHeader
        title={t('auth.recover.title')}
        subtitle={
          <Trans i18nKey="auth.recover.subtitle" values={{ email }} components={{ strong: <strong className={styles.strong} /> }} />
        }
      />
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput label={t('forms.newPassword')} autoComplete="new-password" autoFocus {...form.field('password')} />
        <PasswordStrengthMeter password={form.values.password} />
        <PasswordInput label={t('forms.confirmPassword')} autoComplete="new-password" {...form.field('confirmation')} />
        <Button type="submit" variant="primary" size="lg" className={styles.submit} loading={form.sending}>
          {t('auth.recover.submit')}
        </Button>
      </form>
    </>
  );
}

/** `/signup/recover?email=…&token=…`: choose a new password (every session is signed out), then sign in. */
export function RecoverScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email')?.trim() ?? '';
  const token = searchParams.get('token') ?? '';
  const [outcome, setOutcome] = useState<'form' | 'done' | 'expired'>('form');

  if (!email || !token) return <LinkProblem title={t('auth.recover.incompleteTitle')} message={t('auth.recover.incomplete')} />;
  if (outcome === 'expired') return <LinkProblem title={t('auth.recover.expiredTitle')} message={t('errors.codes.INVALID_LINK')} />;
  if (outcome === 'done') {
    return (
      <>
        <AuthHeader
          title={t('auth.recover.doneTitle')}
          subtitle={t('auth.recover.done')}
          badge={<CircleCheck size={20} aria-hidden />}
          badgeTone="success"
        />
        <Button variant="primary" size="lg" className={styles.wide} autoFocus onClick={() => void navigate('/signin', { replace: true })}>
          {t('auth.recover.signIn')}
        </Button>
      </>
    );
  }
  return <NewPasswordForm email={email} token={token} onDone={() => setOutcome('done')} onLinkExpired={() => setOutcome('expired')} />;
}
