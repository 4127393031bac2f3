import { useTranslation } from 'react-i18next';
import { taskColors } from '#shared/tasks';
import { Menu, MenuContent, MenuRadioGroup, MenuRadioItem, MenuTrigger } from '../../ui';
import styles from './Dialogs.module.css';

/** Picks one of the 12 task colours (SPEC §9) from a menu of swatches. */
export function ColorMenu({
  color,
  label,
  onChange,
  disabled = false,
}: {
  color: string;
  label: string;
  onChange: (color: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Menu>
      <MenuTrigger className={styles.swatchButton} aria-label={label} disabled={disabled}>
        <span className={styles.swatch} style={{ background: color }} />
      </MenuTrigger>
      <MenuContent className={styles.colorMenu}>
        <MenuRadioGroup value={color.toUpperCase()} onValueChange={onChange}>
          {taskColors.map((option, index) => (
            <MenuRadioItem key={option} value={option} aria-label={t('tasks.tags.colorNumber', { number: index + 1 })}>
              <span className={styles.swatch} style={{ background: option }} />
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </MenuContent>
    </Menu>
  );
}
