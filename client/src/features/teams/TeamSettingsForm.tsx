import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customUrlProblem, normalizeCustomUrl } from '#shared/teams';
import { useForm } from '../../lib/form';
import { customUrlMessage, describeRequestError, nameError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { isPermissionDenied } from '../../lib/permissions';
import { useStore } from '../../lib/store';
import { Button, Notice, openDialog, showToast, TextInput } from '../../ui';
import { LogoField } from './LogoField';
import { updateTeamDocument, type TeamChanges, type TeamDetail } from './operations';
import { endSessionAfterUrlChange, loadTeamDetail, storeTeamDetail } from './teamData';
import styles from './Teams.module.css';

/**
 * The team's name, logo and custom URL (updateTeam). A new URL ends the session (SPEC §4): the
 * admin confirms first, and after saving is signed out with a toast saying why.
 */
export function TeamSettingsForm({ team }: { team: TeamDetail }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const admin = team.role === 'admin';
  const [logo, setLogo] = useState(team.logo);
  const initialValues = { name: team.name, url: team.url ?? '' };
  const form = useForm({
    initialValues,
    validate: (values) => {
      const url = normalizeCustomUrl(values.url);
      const problem = url && url !== (team.url ?? '') ? customUrlProblem(url) : null;
      return { name: nameError(values.name, t, t('teams.create.nameRequired')), url: problem ? customUrlMessage(problem, t) : undefined };
    },
  });
  const url = normalizeCustomUrl(form.values.url);
  const urlChanged = url !== '' && url !== (team.url ?? '');
  const changed = form.values.name.trim() !== team.name || logo !== team.logo || urlChanged;

  const onSubmit = form.submit(async (values) => {
    if (urlChanged) {
      const { confirmed } = await openDialog({
        title: t('teams.settings.urlConfirmTitle'),
        description: t('teams.settings.urlConfirm', { url }),
        primaryLabel: t('teams.settings.urlConfirmAction'),
      });
      if (!confirmed) return;
    }
    const changes: TeamChanges = { team: team.id };
    if (values.name.trim() !== team.name) changes.name = values.name.trim();
    if (logo !== team.logo) changes.logo = logo;
    if (urlChanged) changes.url = url;
    try {
      const { updateTeam } = await request(updateTeamDocument, changes, { handledByCaller: true });
      if (updateTeam.signInRequired) return endSessionAfterUrlChange(store);
      storeTeamDetail(store, updateTeam.team);
      form.reset({ name: updateTeam.team.name, url: updateTeam.team.url ?? '' });
      setLogo(updateTeam.team.logo);
      showToast({ message: t('teams.settings.saved'), icon: 'success' });
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      form.showError(described.message, described.field === 'name' || described.field === 'url' ? described.field : undefined);
      if (isPermissionDenied(error)) void loadTeamDetail(store).catch(() => undefined);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('teams.settings.title')}>
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      {!admin && <Notice tone="info">{t('teams.settings.readOnly')}</Notice>}
      <LogoField
        label={t('teams.logo.label')}
        name={form.values.name}
        colorKey={team.id}
        value={logo}
        onChange={setLogo}
        disabled={!admin}
      />
      <TextInput label={t('teams.settings.name')} maxLength={120} readOnly={!admin} {...form.field('name')} />
      <TextInput
        label={t('teams.settings.url')}
        placeholder={admin ? t('teams.settings.urlPlaceholder') : undefined}
        hint={admin ? t('teams.settings.urlHint') : undefined}
        autoCapitalize="off"
        spellCheck={false}
        readOnly={!admin}
        {...form.field('url')}
      />
      {admin && (
        <div className={styles.actions}>
          <Button type="submit" variant="primary" loading={form.sending} disabled={!changed}>
            {t('teams.settings.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
