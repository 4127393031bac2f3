import { useId, type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import styles from './TextInput.module.css';

export interface TextInputProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Shown under the field in red and announced with it; marks the field invalid. */
  error?: string | undefined;
  /** Helper text under the field when there is no error. */
  hint?: ReactNode;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  /** Something inside the field's right edge (a show-password button). */
  trailing?: ReactNode;
  /** Something inside the field's left edge (a currency sign). */
  leading?: ReactNode;
  /** Extra content on the label's row, at its right (a "Forgot password?" link). */
  labelAside?: ReactNode;
  id?: string;
}

export function TextInput({
  label,
  error,
  hint,
  hideLabel = false,
  trailing,
  leading,
  labelAside,
  id,
  className,
  ...rest
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  const input = (
    <input
      id={inputId}
      className={clsx(
        styles.input,
        error && styles.invalid,
        trailing !== undefined && styles.withTrailing,
        leading !== undefined && styles.withLeading,
      )}
      aria-invalid={error ? true : undefined}
      aria-describedby={message ? messageId : undefined}
      {...rest}
    />
  );
  return (
    <div className={clsx(styles.field, className)}>
      <div className={styles.labelRow}>
        <label htmlFor={inputId} className={clsx(styles.label, hideLabel && 'visually-hidden')}>
          {label}
        </label>
        {labelAside}
      </div>
      {trailing === undefined && leading === undefined ? (
        input
      ) : (
        <div className={styles.control}>
          {leading !== undefined && <span className={styles.leading}>{leading}</span>}
          {input}
          {trailing !== undefined && <span className={styles.trailing}>{trailing}</span>}
        </div>
      )}
      {message && (
        <p id={messageId} className={clsx(styles.message, error && styles.error)}>
          {message}
        </p>
      )}
    </div>
  );
}
