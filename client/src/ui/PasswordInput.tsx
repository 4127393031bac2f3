import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from './TextInput';
import styles from './PasswordInput.module.css';

export type PasswordInputProps = Omit<TextInputProps, 'type' | 'trailing'>;

/** A password field with a button that shows or hides what was typed. */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      trailing={
        <button
          type="button"
          className={styles.toggle}
          aria-label={visible ? t('forms.hidePassword') : t('forms.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOff size={15} aria-hidden /> : <Eye size={15} aria-hidden />}
        </button>
      }
    />
  );
}
