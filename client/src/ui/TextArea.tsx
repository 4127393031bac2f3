import { useId, type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import styles from './TextInput.module.css';

export interface TextAreaProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
}

/** A labelled multi-line field, styled like TextInput. */
export function TextArea({ label, error, hint, id, className, ...rest }: TextAreaProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  return (
    <div className={clsx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <textarea
        id={inputId}
        className={clsx(styles.input, styles.textarea, error && styles.invalid)}
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
