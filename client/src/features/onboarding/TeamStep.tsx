import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../lib/form';
import { describeRequestError, nameError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, Notice, TextInput } from '../../ui';
import { currentTeamAtom } from '../auth/session';
import { isTeamAdminAtom } from '../teams/atoms';
import { LogoField } from '../teams/LogoField';
import { updateTeamDocument } from '../teams/operations';
import { storeTeamDetail } from '../teams/teamData';
import type { StepProps } from './OnboardingFlow';
import styles from './Onboarding.module.css';

/** Set up the team: its name and logo (admins); members see which team they joined. */
export function TeamStep({ next, footer }: StepProps) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const team = useAtomValue(currentTeamAtom);
  const admin = useAtomValue(isTeamAdminAtom);
  const [logo, setLogo] = useState(team?.logo ?? null);
  const form = useForm({
    initialValues: { name: team?.name ?? '' },
    validate: (values) => ({ name: nameError(values.name, t, t('teams.create.nameRequired')) }),
  });

  const onSubmit = form.submit(async (values) => {
    const name = values.name.trim();
    if (!team || (name === team.name && logo === team.logo)) return next();
    try {
      const { updateTeam } = await request(
        updateTeamDocument,
        { team: team.id, ...(name !== team.name ? { name } : {}), ...(logo !== team.logo ? { logo } : {}) },
        { handledByCaller: true },
      );
      storeTeamDetail(store, updateTeam.team);
      next();
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      form.showError(described.message, described.field === 'name' ? 'name' : undefined);
    }
  });

  if (!admin) {
    return (
      <>
        <p className={styles.note}>{t('onboarding.steps.team.member', { name: team?.name ?? t('team.fallbackName') })}</p>
        {footer(
          <Button variant="primary" onClick={next} autoFocus>
            {t('onboarding.continue')}
          </Button>,
        )}
      </>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      <TextInput label={t('teams.settings.name')} maxLength={120} autoFocus {...form.field('name')} />
      <LogoField label={t('teams.logo.label')} name={form.values.name} colorKey={team?.id} value={logo} onChange={setLogo} />
      {footer(
        <Button type="submit" variant="primary" loading={form.sending}>
          {t('onboarding.saveContinue')}
        </Button>,
      )}
    </form>
  );
}
