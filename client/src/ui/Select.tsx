import { useId, type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import styles from './TextInput.module.css';

export interface SelectOption {
  value: string;
  label: string;
  lang?: string;
}

export interface SelectProps extends Omit<ComponentProps<'select'>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
}

/** A labelled native select (keyboard and screen readers get the platform's own list), styled like TextInput. */
export function Select({ label, options, error, hint, id, className, ...rest }: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const messageId = `${selectId}-message`;
  const message = error ?? hint;
  return (
    <div className={clsx(styles.field, className)}>
      <label htmlFor={selectId} className={styles.label}>
        {label}
      </label>
      <select
        id={selectId}
        className={clsx(styles.input, styles.select, error && styles.invalid)}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      {message && (
        <p id={messageId} className={clsx(styles.message, error && styles.error)}>
          {message}
        </p>
      )}
    </div>
  );
}
