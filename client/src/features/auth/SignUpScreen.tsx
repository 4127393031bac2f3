import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../app/routeRules';
import { useForm } from '../../lib/form';
import { describeRequestError, emailError, nameError, newPasswordError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { defaultLanguage, toSupportedLanguage } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { Avatar, Button, Notice, PasswordInput, TextInput } from '../../ui';
import { AuthHeader } from './AuthHeader';
import { enterSession } from './enterSession';
import { getUserBasicDocument, signUpDocument, type UserBasic } from './operations';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { rememberReturnPath } from './returnPath';
import { SocialSignIn } from './SocialSignIn';
import { useEmailAvailabilityHint } from './useEmailAvailabilityHint';
import styles from './AuthForm.module.css';

/** The person whose link (`/signup/user/u/:user`) brought the visitor, for "Join Ada Lovelace". */
function useInviter(userId: string | undefined): UserBasic | null {
  const [inviter, setInviter] = useState<UserBasic | null>(null);
  useEffect(() => {
    if (!userId) return undefined;
    let current = true;
    request(getUserBasicDocument, { id: userId }, { handledByCaller: true })
      .then(({ getUserBasic }) => {
        if (current) setInviter(getUserBasic);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [userId]);
  return inviter;
}

function SignUpHeader({ invitation, inviter }: { invitation: boolean; inviter: UserBasic | null }) {
  const { t } = useTranslation();
  if (inviter) {
    const name = `${inviter.firstname} ${inviter.lastname}`.trim();
    return (
      <AuthHeader
        title={t('auth.user.joinTitle', { name })}
        subtitle={t('auth.user.joinSubtitle', { firstname: inviter.firstname })}
        badge={<Avatar name={name} src={inviter.profileImg} colorKey={inviter.id} size={44} />}
      />
    );
  }
  if (invitation) return <AuthHeader title={t('auth.invite.title')} subtitle={t('auth.invite.subtitle')} />;
  return <AuthHeader title={t('auth.user.title')} subtitle={t('auth.user.subtitle')} />;
}

/**
 * `/signup/user/` and its link variants: names, e-mail, a password with its strength, and the
 * interface language. The space and invitation in the route are sent along; success leads to
 * "check your inbox", except from a mailed invitation link (`?email=…&token=…`), which proved the
 * address: the account is signed in at once and lands on the welcome page. `?next=` (from sign-in) is
 * remembered for after the verification mail.
 */
export function SignUpScreen({ invitation = false }: { invitation?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { project, invited, user } = useParams();
  // Invitation links carry the invited address (?email=): the form starts with it.
  const [params] = useSearchParams();
  const store = useStore();
  const token = invited ? params.get('token') : null;
  const next = safeReturnPath(params.get('next'));
  const signInPath = next ? `/signin?${new URLSearchParams({ next }).toString()}` : '/signin';
  const inviter = useInviter(user);
  const form = useForm({
    initialValues: { firstname: '', lastname: '', email: params.get('email')?.trim() ?? '', password: '' },
    validate: (values) => ({
      firstname: nameError(values.firstname, t, t('forms.firstnameRequired')),
      lastname: nameError(values.lastname, t, t('forms.lastnameRequired')),
      email: emailError(values.email, t),
      password: newPasswordError(values.password, t),
    }),
  });
  const emailField = form.field('email');
  const availability = useEmailAvailabilityHint(form.values.email);

  const onSubmit = form.submit(async (values) => {
    const email = values.email.trim();
    const variables = {
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      email,
      password: values.password,
      language: toSupportedLanguage(i18n.language) ?? defaultLanguage,
      ...(project ? { project } : {}),
      ...(invited ? { invited } : {}),
      ...(token ? { token } : {}),
    };
    try {
      const { setUserBasic } = await request(signUpDocument, variables, { handledByCaller: true });
      if (setUserBasic.session) {
        await enterSession(setUserBasic.session, store);
        void navigate(`/signup/finish?${new URLSearchParams({ new: '1', ...(next ? { next } : {}) }).toString()}`, { replace: true });
        return;
      }
      rememberReturnPath(next);
      void navigate(`/signup/verify?${new URLSearchParams({ email }).toString()}`);
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      form.showError(described.message, described.field);
    }
  });

  const takenHint = availability.taken ? (
    <>
      {t('auth.user.emailTaken')}
      <Link to={signInPath} className={`${styles.link} ${styles.hintLink}`}>
        {t('auth.user.signInInstead')}
      </Link>
    </>
  ) : undefined;

  return (
    <>
      <SignUpHeader invitation={invitation || Boolean(project || invited)} inviter={inviter} />
      <SocialSignIn project={project} invited={invited} next={next} />
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
          hint={takenHint}
          {...emailField}
          onBlur={() => {
            emailField.onBlur();
            availability.check();
          }}
        />
        <PasswordInput label={t('forms.password')} autoComplete="new-password" {...form.field('password')} />
        <PasswordStrengthMeter password={form.values.password} />
        <Button type="submit" variant="primary" size="lg" className={styles.submit} loading={form.sending}>
          {t('auth.user.submit')}
        </Button>
      </form>
      <p className={styles.footer}>
        {t('auth.user.haveAccount')}{' '}
        <Link to={signInPath} className={styles.link}>
          {t('auth.user.signIn')}
        </Link>
      </p>
    </>
  );
}
