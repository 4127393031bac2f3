import { useId, type ReactNode } from 'react';
import clsx from 'clsx';
import styles from './Switch.module.css';

export interface SwitchProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}

/** An on/off setting: a labelled `role="switch"` button (Space and Enter toggle it), with an optional description. */
export function Switch({ label, description, checked, onChange, disabled = false, className }: SwitchProps) {
  const id = useId();
  return (
    <div className={clsx(styles.row, className)}>
      <div className={styles.text}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className={styles.description}>
            {description}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        className={styles.switch}
        onClick={() => onChange(!checked)}
      >
        <span className={styles.knob} aria-hidden />
      </button>
    </div>
  );
}
