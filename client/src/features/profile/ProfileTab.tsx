import { useTranslation } from 'react-i18next';
import { currencies, normalizeCurrency } from '#shared/currency';
import { currencyStorageKey } from '../billing/atoms';
import { saveProfileLanguage } from '../auth/session';
import { writeStored } from '../../lib/browser';
import { useForm } from '../../lib/form';
import { describeRequestError, maximumNameLength, nameError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { defaultLanguage, setLanguage, supportedLanguages, toSupportedLanguage } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { Button, Notice, Select, showToast, TextArea, TextInput } from '../../ui';
import { profileAtom, storeProfile } from './atoms';
import { editProfileDocument, type Profile } from './operations';
import { ProfilePhoto } from './ProfilePhoto';
import styles from './Profile.module.css';

const maximumDescriptionLength = 2000;
const maximumResumeLength = 20_000;
const maximumRate = 1_000_000;

/** "$", "€", "£" as the interface language writes it. */
function currencySymbol(currency: string, language: string): string {
  const parts = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: normalizeCurrency(currency),
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? '';
}

function formValues(profile: Profile) {
  return {
    firstname: profile.firstname,
    lastname: profile.lastname,
    description: profile.description ?? '',
    currency: normalizeCurrency(profile.currency),
    rate: profile.rate === null ? '' : String(profile.rate),
    resume: profile.resume ?? '',
  };
}

/** The Profile tab: photo, names, interface language (applied at once), about, currency, hourly rate and resume. */
export function ProfileTab({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const initialValues = formValues(profile);
  const form = useForm({
    initialValues,
    validate: (values) => ({
      firstname: nameError(values.firstname, t, t('forms.firstnameRequired')),
      lastname: nameError(values.lastname, t, t('forms.lastnameRequired')),
      description:
        values.description.length > maximumDescriptionLength ? t('forms.tooLong', { maximum: maximumDescriptionLength }) : undefined,
      rate:
        values.rate.trim() === '' || (/^\d+$/.test(values.rate.trim()) && Number(values.rate) <= maximumRate)
          ? undefined
          : t('profile.rateInvalid'),
      resume: values.resume.length > maximumResumeLength ? t('forms.tooLong', { maximum: maximumResumeLength }) : undefined,
    }),
  });
  const changed = (Object.keys(initialValues) as (keyof typeof initialValues)[]).some(
    (field) => form.values[field] !== initialValues[field],
  );
  const language = toSupportedLanguage(i18n.language) ?? defaultLanguage;

  const changeLanguage = (value: string) => {
    const next = toSupportedLanguage(value);
    if (!next) return;
    void setLanguage(next);
    void saveProfileLanguage(next, store);
    const current = store.get(profileAtom);
    if (current) store.set(profileAtom, { ...current, language: next });
  };

  const onSubmit = form.submit(async (values) => {
    const rate = values.rate.trim();
    try {
      const { ediUser } = await request(
        editProfileDocument,
        {
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          description: values.description.trim(),
          currency: values.currency,
          rate: rate === '' ? null : Number(rate),
          resume: values.resume.trim(),
        },
        { handledByCaller: true },
      );
      storeProfile(ediUser, store);
      writeStored(currencyStorageKey, normalizeCurrency(ediUser.currency));
      form.reset(formValues(ediUser));
      showToast({ message: t('profile.saved'), icon: 'success' });
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      form.showError(described.message, described.field);
    }
  });

  return (
    <div className={styles.panel}>
      <section className={styles.section} aria-labelledby="profile-photo-heading">
        <h3 id="profile-photo-heading" className={styles.sectionTitle}>
          {t('profile.photo.label')}
        </h3>
        <ProfilePhoto profile={profile} />
      </section>
      <section className={styles.section}>
        <Select
          label={t('profile.language')}
          hint={t('profile.languageHint')}
          value={language}
          onChange={(event) => changeLanguage(event.target.value)}
          options={supportedLanguages.map((code) => ({ value: code, label: t(`languages.${code}`), lang: code }))}
          className={styles.narrow}
        />
      </section>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <div className={styles.row}>
          <TextInput
            label={t('forms.firstname')}
            autoComplete="given-name"
            maxLength={maximumNameLength + 20}
            {...form.field('firstname')}
          />
          <TextInput
            label={t('forms.lastname')}
            autoComplete="family-name"
            maxLength={maximumNameLength + 20}
            {...form.field('lastname')}
          />
        </div>
        <TextArea
          label={t('profile.description')}
          placeholder={t('profile.descriptionPlaceholder')}
          rows={3}
          {...form.field('description')}
        />
        <div className={styles.row}>
          <Select
            label={t('profile.currency')}
            options={currencies.map((code) => ({ value: code, label: t(`profile.currencies.${code}`) }))}
            {...form.field('currency')}
          />
          <TextInput
            label={t('profile.rate')}
            inputMode="numeric"
            placeholder="0"
            leading={currencySymbol(form.values.currency, i18n.language)}
            hint={t('profile.rateHint')}
            {...form.field('rate')}
          />
        </div>
        <TextArea label={t('profile.resume')} placeholder={t('profile.resumePlaceholder')} rows={6} {...form.field('resume')} />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={form.sending} disabled={!changed}>
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
