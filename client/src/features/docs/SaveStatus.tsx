import { Check, CloudOff, Eye, Loader } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '#shared/time';
import { useNow } from '../../lib/useNow';
import type { CollabSession } from './collab/session';
import { saveStatusOf } from './collab/session';
import { useSessionState } from './collab/useSession';
import styles from './Docs.module.css';

/** "Saved" once the server acknowledged every edit, "Saving…" until then, "Offline" while the socket is down (edits stay on this device and are sent on reconnection). */
export function SaveStatus({ session }: { session: CollabSession }) {
  const { t, i18n } = useTranslation();
  const state = useSessionState(session);
  // Re-rendered every 30 s so "saved 2 minutes ago" stays true.
  const now = useNow(30_000);
  const status = saveStatusOf(state);
  const when =
    state.lastSavedAt === null
      ? null
      : formatRelativeTime(state.lastSavedAt, Math.max(now, state.lastSavedAt), i18n.language, t('docs.justNow'));
  const dirty = state.dirty;
  // Kept on the device, unsaved edits survive a closed tab: no need to hold the user back.
  const atRisk = dirty && state.local !== 'on';

  useEffect(() => {
    if (!atRisk) return undefined;
    // Closing the tab with edits the server has not stored, and this device could not keep, would lose them.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [atRisk]);

  const content = {
    connecting: { icon: <Loader size={14} aria-hidden />, text: t('docs.status.connecting') },
    saving: { icon: <Loader size={14} aria-hidden />, text: t('docs.saving') },
    saved: { icon: <Check size={14} aria-hidden />, text: t('docs.saved') },
    offline: { icon: <CloudOff size={14} aria-hidden />, text: dirty ? t('docs.status.offlineKept') : t('docs.status.offline') },
    readOnly: { icon: <Eye size={14} aria-hidden />, text: t('docs.readOnly') },
    closed: { icon: <CloudOff size={14} aria-hidden />, text: t('docs.status.closed') },
  }[status];

  return (
    <p className={styles.status} role="status" data-status={status} title={status === 'offline' ? t('docs.offline') : undefined}>
      {content.icon}
      <span>{content.text}</span>
      {when && status !== 'connecting' && <span className={styles.muted}>{t('docs.status.lastSaved', { when })}</span>}
    </p>
  );
}
