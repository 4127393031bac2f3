import { useId, type ComponentProps } from 'react';
import clsx from 'clsx';
import styles from './TextInput.module.css';

export interface TextInputProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Shown under the field in red and announced with it; marks the field invalid. */
  error?: string;
  /** Helper text under the field when there is no error. */
  hint?: string;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  id?: string;
}

export function TextInput({ label, error, hint, hideLabel = false, id, className, ...rest }: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  return (
    <div className={clsx(styles.field, className)}>
      <label htmlFor={inputId} className={clsx(styles.label, hideLabel && 'visually-hidden')}>
        {label}
      </label>
      <input
        id={inputId}
        className={clsx(styles.input, error && styles.invalid)}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...rest}
      />
      {message && (
        <p id={messageId} className={clsx(styles.message, error && styles.error)}>
          {message}
        </p>
      )}
    </div>
  );
}
