import type { ReactNode } from 'react';
import styles from './FieldGroup.module.css';

export interface FieldGroupProps {
  /** What the group's fields choose together, read first by a screen reader on entering any of them. */
  legend: string;
  children: ReactNode;
  /** Disables every field inside (a fieldset's own rule), drawn faded. */
  disabled?: boolean;
  /** The id of the group's error or hint. */
  describedBy?: string;
  /** Layout of the fields inside, from the caller's own styles. */
  className?: string;
}

/** Related inputs (radio buttons, checkboxes, swatches) under one visible legend: a fieldset without the browser's frame. */
export function FieldGroup({ legend, children, disabled, describedBy, className }: FieldGroupProps) {
  return (
    <fieldset className={className ? `${styles.group} ${className}` : styles.group} disabled={disabled} aria-describedby={describedBy}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
    </fieldset>
  );
}
