import { Avatar, initialsOf } from '../../ui';
import { initialsSquareStyle } from '../../ui/contrast';
import type { SpaceSummary } from './atoms';
import styles from './Spaces.module.css';

/** A space's logo, or its initial on its colour, in white or dark, whichever reads on it. */
export function SpaceIcon({ space, size = 28 }: { space: Pick<SpaceSummary, 'id' | 'name' | 'logo' | 'color'>; size?: number }) {
  if (space.logo) return <Avatar name={space.name} src={space.logo} colorKey={space.id} size={size} shape="square" />;
  return (
    <span className={styles.spaceIcon} style={initialsSquareStyle(size, space.color)} aria-hidden>
      {initialsOf(space.name).slice(0, 1)}
    </span>
  );
}
