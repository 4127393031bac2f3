import clsx from 'clsx';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  size?: number;
  className?: string;
  /** Announced to screen readers; omit when the spinner sits inside something already labelled (a busy button). */
  label?: string;
}

export function Spinner({ size = 16, className, label }: SpinnerProps) {
  return (
    <span
      className={clsx(styles.spinner, className)}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** An indeterminate progress bar: a band sliding along a thin track. */
export function LoadingBar({ label, className }: { label: string; className?: string }) {
  return (
    <div className={clsx(styles.track, className)} role="progressbar" aria-label={label} aria-busy="true">
      <div className={styles.band} />
    </div>
  );
}
