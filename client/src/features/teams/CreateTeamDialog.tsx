import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../lib/form';
import { describeRequestError, nameError } from '../../lib/formMessages';
import { useStore } from '../../lib/store';
import { Button, Dialog, Notice, showToast, TextInput } from '../../ui';
import { LogoField } from './LogoField';
import { createTeam } from './teamData';
import styles from './Teams.module.css';

/** "Create a team" (setTeam): a name and an optional logo; the new team becomes the current one. */
export function CreateTeamDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return open ? <CreateTeamForm onClose={() => onOpenChange(false)} /> : null;
}

function CreateTeamForm({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const [logo, setLogo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '' },
    validate: (values) => ({ name: nameError(values.name, t, t('teams.create.nameRequired')) }),
  });

  const onSubmit = form.submit(async (values) => {
    try {
      const team = await createTeam(values.name.trim(), logo, store);
      showToast({ message: t('teams.create.created', { name: team.name }), icon: 'success' });
      onClose();
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      form.showError(described.message, described.field);
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('teams.create.title')} description={t('teams.create.description')}>
      <form className={styles.dialogForm} onSubmit={onSubmit} noValidate>
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <TextInput
          label={t('teams.create.name')}
          placeholder={t('teams.create.namePlaceholder')}
          maxLength={120}
          data-autofocus
          {...form.field('name')}
        />
        <LogoField label={t('teams.logo.label')} name={form.values.name} value={logo} onChange={setLogo} />
        <div className={styles.dialogFooter}>
          <Button variant="secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="primary" loading={form.sending}>
            {t('teams.create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
