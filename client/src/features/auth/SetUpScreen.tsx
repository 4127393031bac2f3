import { useCallback, useEffect, useState } from 'react';
import { KeyRound, LinkIcon, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm } from '../../lib/form';
import { describeRequestError, emailError, nameError, newPasswordError } from '../../lib/formMessages';
import { request, RequestError } from '../../lib/graphql';
import { defaultLanguage, toSupportedLanguage } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { Button, Notice, PasswordInput, Spinner, TextInput } from '../../ui';
import { AuthHeader } from './AuthHeader';
import { enterSession } from './enterSession';
import { checkSetupDocument, setUserAdminDocument } from './operations';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import styles from './AuthForm.module.css';

type LinkState =
  { state: 'checking' } | { state: 'ready' } | { state: 'invalid' } | { state: 'done' } | { state: 'failed'; error: unknown };

/** Asks the server whether the set-up link still works, so a spent link says so before anyone types. */
function useSetUpLink(token: string) {
  const [link, setLink] = useState<LinkState>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    request(checkSetupDocument, { token }, { handledByCaller: true }).then(
      () => active && setLink({ state: 'ready' }),
      (error: unknown) => {
        if (!active) return;
        const code = error instanceof RequestError ? error.code : null;
        setLink(
          code === 'SETUP_LINK_INVALID' ? { state: 'invalid' } : code === 'SETUP_DONE' ? { state: 'done' } : { state: 'failed', error },
        );
      },
    );
    return () => {
      active = false;
    };
  }, [token, attempt]);
  const retry = useCallback(() => {
    setLink({ state: 'checking' });
    setAttempt((count) => count + 1);
  }, []);
  return { link, setLink, retry };
}

function SignInFooter() {
  const { t } = useTranslation();
  return (
    <p className={styles.footer}>
      <Link to="/signin" className={styles.link}>
        {t('auth.setUp.signIn')}
      </Link>
    </p>
  );
}

/**
 * `/setup/:token`: the one-time link the server prints in its log while it has no account. The first
 * administrator creates their account (verified at once, no mail needed) and names their team.
 */
export function SetUpScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const store = useStore();
  const { token = '' } = useParams();
  const { link, setLink, retry } = useSetUpLink(token);
  const form = useForm({
    initialValues: { firstname: '', lastname: '', email: '', password: '', team: '' },
    validate: (values) => ({
      firstname: nameError(values.firstname, t, t('forms.firstnameRequired')),
      lastname: nameError(values.lastname, t, t('forms.lastnameRequired')),
      email: emailError(values.email, t),
      password: newPasswordError(values.password, t),
      team: nameError(values.team, t, t('teams.create.nameRequired')),
    }),
  });

  const onSubmit = form.submit(async (values) => {
    try {
      const { setUserAdmin } = await request(
        setUserAdminDocument,
        {
          token,
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          email: values.email.trim(),
          password: values.password,
          team: values.team.trim(),
          language: toSupportedLanguage(i18n.language) ?? defaultLanguage,
        },
        { handledByCaller: true },
      );
      await enterSession(setUserAdmin, store);
      void navigate('/signup/finish?new=1', { replace: true });
    } catch (error) {
      const code = error instanceof RequestError ? error.code : null;
      if (code === 'SETUP_LINK_INVALID') setLink({ state: 'invalid' });
      else if (code === 'SETUP_DONE') setLink({ state: 'done' });
      else {
        const described = describeRequestError(error, t, i18n.language);
        form.showError(described.message, described.field);
      }
    }
  });

  if (link.state === 'checking') {
    return (
      <>
        <AuthHeader title={t('auth.setUp.title')} />
        <div className={styles.centered} role="status">
          <Spinner size={22} />
          <p>{t('auth.setUp.checking')}</p>
        </div>
      </>
    );
  }
  if (link.state === 'invalid') {
    return (
      <>
        <AuthHeader
          title={t('auth.setUp.invalidTitle')}
          subtitle={t('errors.codes.SETUP_LINK_INVALID')}
          badge={<LinkIcon size={20} aria-hidden />}
          badgeTone="danger"
        />
        <p className={styles.subtitle}>{t('auth.setUp.invalidHint')}</p>
        <SignInFooter />
      </>
    );
  }
  if (link.state === 'done') {
    return (
      <>
        <AuthHeader
          title={t('auth.setUp.doneTitle')}
          subtitle={t('errors.codes.SETUP_DONE')}
          badge={<ShieldCheck size={20} aria-hidden />}
          badgeTone="success"
        />
        <Button variant="primary" size="lg" className={styles.wide} onClick={() => void navigate('/signin')}>
          {t('auth.setUp.signIn')}
        </Button>
      </>
    );
  }
  if (link.state === 'failed') {
    return (
      <>
        <AuthHeader title={t('auth.setUp.title')} />
        <div className={styles.stack}>
          <Notice tone="error">{describeRequestError(link.error, t, i18n.language).message}</Notice>
          <Button variant="primary" size="lg" className={styles.wide} onClick={retry}>
            {t('auth.setUp.retry')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      <AuthHeader title={t('auth.setUp.title')} subtitle={t('auth.setUp.subtitle')} badge={<KeyRound size={20} aria-hidden />} />
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <div className={styles.row}>
          <TextInput label={t('forms.firstname')} autoComplete="given-name" autoFocus {...form.field('firstname')} />
          <TextInput label={t('forms.lastname')} autoComplete="family-name" {...form.field('lastname')} />
        </div>
        <TextInput
          label={t('forms.email')}
          type="email"
          autoComplete="email"
          placeholder={t('forms.emailPlaceholder')}
          {...form.field('email')}
        />
        <PasswordInput label={t('forms.password')} autoComplete="new-password" {...form.field('password')} />
        <PasswordStrengthMeter password={form.values.password} />
        <TextInput
          label={t('auth.setUp.team')}
          autoComplete="organization"
          placeholder={t('teams.create.namePlaceholder')}
          hint={t('auth.setUp.teamHint')}
          {...form.field('team')}
        />
        <Button type="submit" variant="primary" size="lg" className={styles.submit} loading={form.sending}>
          {t('auth.setUp.submit')}
        </Button>
      </form>
    </>
  );
}
