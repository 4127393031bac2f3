import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from '../auth/PasswordStrengthMeter';
import { useForm } from '../../lib/form';
import { describeRequestError, emailError, newPasswordError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { useStore } from '../../lib/store';
import { Button, Notice, PasswordInput, showToast, TextInput } from '../../ui';
import { storeProfile } from './atoms';
import { editAccountDocument, type Profile } from './operations';
import { KeyboardPreferences } from './KeyboardPreferences';
import { NotificationPreferences } from './NotificationPreferences';
import styles from './Profile.module.css';

/** The My account tab: sign-in e-mail and password, both confirmed with the current password. A new address gets a confirmation link. */
export function AccountTab({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: profile.email, newPassword: '', password: '' },
    validate: (values) => ({
      email: emailError(values.email, t),
      password: values.password ? undefined : t('profile.account.currentPasswordRequired'),
      newPassword: values.newPassword ? newPasswordError(values.newPassword, t) : undefined,
    }),
  });

  const onSubmit = form.submit(async (values) => {
    const email = values.email.trim().toLowerCase();
    setConfirmationSentTo(null);
    try {
      const { ediUserBasic } = await request(
        editAccountDocument,
        {
          firstname: profile.firstname,
          lastname: profile.lastname,
          email,
          password: values.password,
          ...(values.newPassword ? { newPassword: values.newPassword } : {}),
        },
        { handledByCaller: true },
      );
      storeProfile(ediUserBasic, store);
      form.reset({ email: ediUserBasic.email, newPassword: '', password: '' });
      if (email !== profile.email) setConfirmationSentTo(ediUserBasic.email);
      showToast({ message: t('profile.account.saved'), icon: 'success' });
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      if (described.code === 'WRONG_CREDENTIALS') form.showError(t('profile.account.wrongPassword'), 'password');
      else if (described.code === 'BAD_USER_INPUT' && !described.field) form.showError(described.message, 'email');
      else form.showError(described.message, described.field);
    }
  });

  return (
    <div className={styles.panel}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {confirmationSentTo && (
          <Notice tone="mail" title={t('profile.account.confirmationTitle')}>
            {t('profile.account.confirmationSent', { email: confirmationSentTo })}
          </Notice>
        )}
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <TextInput
          label={t('forms.email')}
          type="email"
          autoComplete="email"
          hint={t('profile.account.emailHint')}
          className={styles.narrow}
          {...form.field('email')}
        />
        <PasswordInput
          label={t('profile.account.newPassword')}
          autoComplete="new-password"
          hint={t('profile.account.newPasswordHint')}
          className={styles.narrow}
          {...form.field('newPassword')}
        />
        {form.values.newPassword && (
          <div className={styles.narrow}>
            <PasswordStrengthMeter password={form.values.newPassword} />
          </div>
        )}
        <div className={styles.confirm}>
          <PasswordInput
            label={t('profile.account.currentPassword')}
            autoComplete="current-password"
            hint={t('profile.account.currentPasswordHint')}
            className={styles.narrow}
            {...form.field('password')}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={form.sending}>
            {t('profile.account.save')}
          </Button>
        </div>
      </form>
      <NotificationPreferences />
      <KeyboardPreferences />
    </div>
  );
}
