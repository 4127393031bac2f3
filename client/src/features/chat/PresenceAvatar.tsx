import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../lib/store';
import { Avatar } from '../../ui';
import { presenceAtom } from './atoms';
import styles from './Chat.module.css';

/** An avatar with the person's presence (getPresence, subPresence) as a dot: online, away, or nothing when offline. */
export function PresenceAvatar({ userId, name, src, size = 32 }: { userId: string; name: string; src: string | null; size?: number }) {
  const { t } = useTranslation();
  const state = useAtomValue(presenceAtom).get(userId) ?? 'offline';
  return (
    <span className={styles.presenceAvatar}>
      <Avatar name={name} src={src} colorKey={userId} size={size} />
      {state !== 'offline' && (
        <span className={state === 'online' ? styles.online : styles.away} role="img" aria-label={t(`chat.presence.${state}`)} />
      )}
    </span>
  );
}
