import { Check, Globe, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SpaceType } from '#shared/teams';
import { taskColors } from '#shared/tasks';
import { readableTextOn } from '../../ui/contrast';
import { FieldGroup } from '../../ui';
import styles from './Spaces.module.css';

/** English names of the SPEC §9 palette, in its order; the labels come from the locale files. */
export const colorNames = ['red', 'orange', 'ochre', 'lime', 'green', 'teal', 'cyan', 'blue', 'indigo', 'purple', 'pink', 'slate'] as const;

export const defaultSpaceColor: string = taskColors[7];

/** The 12-colour palette as a radio group: arrow keys move between swatches, each named for screen readers. */
export function ColorPicker({
  value,
  onChange,
  name,
  disabled = false,
}: {
  value: string | null;
  onChange: (color: string) => void;
  name: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FieldGroup legend={t('spaces.fields.color')} disabled={disabled}>
      <div className={styles.swatches}>
        {taskColors.map((color, index) => {
          const selected = value?.toLowerCase() === color.toLowerCase();
          return (
            <label
              key={color}
              className={styles.swatch}
              style={{ backgroundColor: color, color: readableTextOn(color), ['--swatch' as string]: color }}
              title={t(`spaces.colors.${colorNames[index]!}`)}
            >
              <input
                type="radio"
                name={name}
                value={color}
                checked={selected}
                onChange={() => onChange(color)}
                className={styles.swatchInput}
                aria-label={t(`spaces.colors.${colorNames[index]!}`)}
              />
              {selected && <Check size={14} strokeWidth={3} aria-hidden className={styles.swatchCheck} />}
            </label>
          );
        })}
      </div>
    </FieldGroup>
  );
}

/** Public (anyone in the team may join) or private (members ask, an admin approves). */
export function VisibilityPicker({
  value,
  onChange,
  name,
  disabled = false,
}: {
  value: SpaceType;
  onChange: (type: SpaceType) => void;
  name: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const options = [
    { type: 'private' as const, icon: Lock },
    { type: 'public' as const, icon: Globe },
  ];
  return (
    <FieldGroup legend={t('spaces.fields.visibility')} disabled={disabled}>
      <div className={styles.choices}>
        {options.map(({ type, icon: Icon }) => (
          <label key={type} className={styles.choice} data-checked={value === type || undefined}>
            <input
              type="radio"
              name={name}
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              className={styles.choiceInput}
            />
            <Icon size={16} aria-hidden className={styles.choiceIcon} />
            <span className={styles.choiceText}>
              <span className={styles.choiceTitle}>{t(`spaces.types.${type}`)}</span>
              <span className={styles.choiceHint}>{t(`spaces.types.${type}Hint`)}</span>
            </span>
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}
