import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SpaceType } from '#shared/teams';
import { useForm } from '../../lib/form';
import { describeRequestError, nameError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { useStore } from '../../lib/store';
import { Button, Dialog, mainHeading, Notice, showToast, TextArea, TextInput } from '../../ui';
import { isPlanLimitRefusal, upgradePath } from '../planLimits/planLimits';
import { storeSpace } from './atoms';
import { createSpaceDocument } from './operations';
import { ColorPicker, defaultSpaceColor, VisibilityPicker } from './SpaceFields';
import styles from './Spaces.module.css';

export const maximumDescriptionLength = 2000;

/** "New space" (setProject): name, colour from the palette, description, public or private. Opens the new space. */
export function NewSpaceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return open ? <NewSpaceForm onClose={() => onOpenChange(false)} /> : null;
}

function NewSpaceForm({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const id = useId();
  const [color, setColor] = useState(defaultSpaceColor);
  const [type, setType] = useState<SpaceType>('private');
  // A refusal of the plan's space limit offers the plans page beside its text.
  const [limitReached, setLimitReached] = useState(false);
  // Once created, the new space's page is shown: focus goes to its heading rather than back to the opener.
  const [openedOn] = useState(() => window.location.pathname);
  const form = useForm({
    initialValues: { name: '', description: '' },
    validate: (values) => ({
      name: nameError(values.name, t, t('spaces.fields.nameRequired')),
      description:
        values.description.length > maximumDescriptionLength ? t('forms.tooLong', { maximum: maximumDescriptionLength }) : undefined,
    }),
  });

  const onSubmit = form.submit(async (values) => {
    setLimitReached(false);
    try {
      const { setProject } = await request(
        createSpaceDocument,
        { name: values.name.trim(), color, type, ...(values.description.trim() ? { description: values.description.trim() } : {}) },
        { handledByCaller: true },
      );
      storeSpace(store, setProject);
      showToast({ message: t('spaces.create.created', { name: setProject.name }), icon: 'success' });
      onClose();
      void navigate(`/${setProject.id}`);
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      setLimitReached(isPlanLimitRefusal(error));
      form.showError(described.message, described.field);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('spaces.create.title')}
      description={t('spaces.create.description')}
      size="md"
      returnFocusTo={() => (window.location.pathname !== openedOn ? mainHeading() : undefined)}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {form.formError && (
          <Notice tone="error">
            {form.formError}
            {limitReached && (
              <>
                {' '}
                <Link to={upgradePath} onClick={onClose}>
                  {t('planLimits.upgrade')}
                </Link>
              </>
            )}
          </Notice>
        )}
        <TextInput
          label={t('spaces.fields.name')}
          placeholder={t('spaces.fields.namePlaceholder')}
          maxLength={120}
          data-autofocus
          {...form.field('name')}
        />
        <ColorPicker name={`${id}-color`} value={color} onChange={setColor} />
        <TextArea
          label={t('spaces.fields.description')}
          placeholder={t('spaces.fields.descriptionPlaceholder')}
          rows={3}
          {...form.field('description')}
        />
        <VisibilityPicker name={`${id}-type`} value={type} onChange={setType} />
        <div className={styles.footer}>
          <Button variant="secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="primary" loading={form.sending}>
            {t('spaces.create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
