import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Notice } from '../../ui';
import styles from './NotificationMatrix.module.css';

export type BrowserPermissionState = NotificationPermission | 'unsupported';

function currentPermission(): BrowserPermissionState {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : 'unsupported';
}

/** The Notification permission, kept current when the person changes it in the browser's site settings. */
export function useBrowserPermission(): [BrowserPermissionState, () => Promise<void>] {
  const [permission, setPermission] = useState<BrowserPermissionState>(currentPermission);
  useEffect(() => {
    let status: PermissionStatus | null = null;
    let active = true;
    const update = () => setPermission(currentPermission());
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((found) => {
        if (!active) return;
        status = found;
        status.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => {
      active = false;
      status?.removeEventListener('change', update);
    };
  }, []);
  const ask = async () => {
    if (!('Notification' in window)) return;
    setPermission(await window.Notification.requestPermission());
  };
  return [permission, ask];
}

/**
 * Browser notifications need the browser's permission: asked only when the person presses the button here (never
 * on load), with its state shown, and how to unblock it when it was refused.
 */
export function BrowserPermission() {
  const { t } = useTranslation();
  const [permission, ask] = useBrowserPermission();
  return (
    <div className={styles.permission}>
      {permission === 'granted' && <Notice tone="success">{t('notificationSettings.browser.granted')}</Notice>}
      {permission === 'denied' && (
        <Notice tone="info" title={t('notificationSettings.browser.blockedTitle')}>
          {t('notificationSettings.browser.blocked')}
        </Notice>
      )}
      {permission === 'unsupported' && <Notice tone="info">{t('notificationSettings.browser.unsupported')}</Notice>}
      {permission === 'default' && (
        <div className={styles.permissionAsk}>
          <p className={styles.permissionText}>{t('notificationSettings.browser.notYet')}</p>
          <Button onClick={() => void ask()}>{t('notificationSettings.browser.allow')}</Button>
        </div>
      )}
    </div>
  );
}
