import styles from './Logo.module.css';

/** The product mark: a "W" on an indigo tile. Decorative; pair it with the product name. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg className={styles.mark} width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <defs>
        <linearGradient id="logo-tile" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7480ea" />
          <stop offset="1" stopColor="#4b55c4" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#logo-tile)" />
      <path
        d="M8 10.5 11.8 22 16 13.5 20.2 22 24 10.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ name, size = 28 }: { name: string; size?: number }) {
  return (
    <span className={styles.logo}>
      <LogoMark size={size} />
      <span className={styles.name}>{name}</span>
    </span>
  );
}
