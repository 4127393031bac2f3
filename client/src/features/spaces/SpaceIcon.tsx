import { Avatar, initialsOf } from '../../ui';
import type { SpaceSummary } from './atoms';
import styles from './Spaces.module.css';

/** A space's logo, or its initial on its colour. */
export function SpaceIcon({ space, size = 28 }: { space: Pick<SpaceSummary, 'id' | 'name' | 'logo' | 'color'>; size?: number }) {
  if (space.logo) return <Avatar name={space.name} src={space.logo} colorKey={space.id} size={size} shape="square" />;
  return (
    <span
      className={styles.spaceIcon}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42), backgroundColor: space.color ?? 'var(--color-text-faint)' }}
      aria-hidden
    >
      {initialsOf(space.name).slice(0, 1)}
    </span>
  );
}
