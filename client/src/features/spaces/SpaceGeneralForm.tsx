import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpaceType } from '#shared/teams';
import { useForm } from '../../lib/form';
import { describeRequestError, nameError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { isPermissionDenied } from '../../lib/permissions';
import { spaceTypeOf } from '../../lib/roles';
import { Button, Notice, showToast, TextArea, TextInput } from '../../ui';
import { LogoField } from '../teams/LogoField';
import { maximumDescriptionLength } from './NewSpaceDialog';
import { editSpaceDocument, type SpaceChanges, type SpaceWithMembers } from './operations';
import { ColorPicker, VisibilityPicker } from './SpaceFields';
import { SpaceIcon } from './SpaceIcon';
import styles from './Spaces.module.css';

export interface SpaceSectionProps {
  space: SpaceWithMembers;
  /** The server refused for lack of rights: the dialog shows the message and reads the space again. */
  onDenied: (message: string) => void;
}

/** Rename, colour, logo, description and type (ediProject). Read-only for members who cannot manage the space. */
export function SpaceGeneralForm({ space, onSaved, onDenied }: SpaceSectionProps & { onSaved: (space: SpaceWithMembers) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [color, setColor] = useState(space.color);
  const [type, setType] = useState<SpaceType>(spaceTypeOf(space.type));
  const [logo, setLogo] = useState(space.logo);
  const form = useForm({
    initialValues: { name: space.name, description: space.description ?? '' },
    validate: (values) => ({
      name: nameError(values.name, t, t('spaces.fields.nameRequired')),
      description:
        values.description.length > maximumDescriptionLength ? t('forms.tooLong', { maximum: maximumDescriptionLength }) : undefined,
    }),
  });
  const readOnly = !space.canManage;

  const onSubmit = form.submit(async (values) => {
    const changes: SpaceChanges = { id: space.id };
    if (values.name.trim() !== space.name) changes.name = values.name.trim();
    if (values.description.trim() !== (space.description ?? '')) changes.description = values.description.trim();
    if (color !== space.color) changes.color = color;
    if (type !== space.type && !space.isPersonal) changes.type = type;
    if (logo !== space.logo) changes.logo = logo;
    try {
      const { ediProject } = await request(editSpaceDocument, changes, { handledByCaller: true });
      onSaved(ediProject);
      form.reset({ name: ediProject.name, description: ediProject.description ?? '' });
      showToast({ message: t('spaces.settings.saved'), icon: 'success' });
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      if (isPermissionDenied(error)) onDenied(described.message);
      else form.showError(described.message, described.field);
    }
  });

  if (readOnly) {
    return (
      <section className={styles.summary} aria-label={t('spaces.settings.general')}>
        <SpaceIcon space={space} size={44} />
        <div className={styles.summaryText}>
          <p className={styles.summaryName}>{space.name}</p>
          <p className={styles.typeTag}>{space.isPersonal ? t('spaces.types.personal') : t(`spaces.types.${spaceTypeOf(space.type)}`)}</p>
          {space.description && <p className={styles.spaceDescription}>{space.description}</p>}
        </div>
      </section>
    );
  }

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.sectionTitle}>
        {t('spaces.settings.general')}
      </h3>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {form.formError && <Notice tone="error">{form.formError}</Notice>}
        <LogoField
          label={t('spaces.fields.logo')}
          name={form.values.name}
          colorKey={space.id}
          value={logo}
          onChange={setLogo}
          disabled={readOnly}
          fallback={<SpaceIcon space={{ id: space.id, name: form.values.name || space.name, logo: null, color }} size={44} />}
        />
        <TextInput label={t('spaces.fields.name')} maxLength={120} readOnly={readOnly} {...form.field('name')} />
        <ColorPicker name={`${id}-color`} value={color} onChange={setColor} disabled={readOnly} />
        <TextArea
          label={t('spaces.fields.description')}
          placeholder={t('spaces.fields.descriptionPlaceholder')}
          rows={3}
          readOnly={readOnly}
          {...form.field('description')}
        />
        {!space.isPersonal && <VisibilityPicker name={`${id}-type`} value={type} onChange={setType} disabled={readOnly} />}
        {!readOnly && (
          <div className={styles.footer}>
            <Button type="submit" variant="primary" loading={form.sending}>
              {t('spaces.settings.save')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
