import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRequestError } from '../../lib/formMessages';
import { useAtomValue, useStore } from '../../lib/store';
import { showToast, Switch } from '../../ui';
import { loadSettings, saveSetting, settingsAtom } from '../settings/atoms';
import styles from './Admin.module.css';

/** The switches of this section: their setting name, type and value while never set. */
export const notificationSettings = {
  notification: [
    { name: 'notifySpaceInvitations', defaultOn: true },
    { name: 'notifyTaskUpdates', defaultOn: true },
    { name: 'notifyMeetings', defaultOn: true },
  ],
  email: [
    { name: 'emailInvitations', defaultOn: true },
    { name: 'emailDigest', defaultOn: true },
    { name: 'emailProductNews', defaultOn: false },
  ],
} as const;

/** Admin › Notifications and e-mails: per-user switches saved with setSetting, applied at once. */
export function NotificationsSection() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const settings = useAtomValue(settingsAtom);

  useEffect(() => {
    void loadSettings(store).catch(() => undefined);
  }, [store]);

  const toggle = (name: string, type: string, active: boolean) => {
    saveSetting(name, active, type, store).catch((error: unknown) => {
      showToast({ message: describeRequestError(error, t, i18n.language).message, icon: 'error' });
    });
  };

  return (
    <div className={styles.stack}>
      {(Object.keys(notificationSettings) as (keyof typeof notificationSettings)[]).map((type) => (
        <section key={type} className={styles.block} aria-labelledby={`settings-${type}`}>
          <h3 id={`settings-${type}`} className={styles.blockTitle}>
            {t(`admin.notifications.groups.${type}`)}
          </h3>
          <div className={styles.switches}>
            {notificationSettings[type].map(({ name, defaultOn }) => (
              <Switch
                key={name}
                label={t(`admin.notifications.items.${name}.label`)}
                description={t(`admin.notifications.items.${name}.description`)}
                checked={settings?.get(name)?.active ?? defaultOn}
                disabled={settings === null}
                onChange={(active) => toggle(name, type, active)}
              />
            ))}
          </div>
        </section>
      ))}
      <p className={styles.footnote}>{t('admin.notifications.footnote')}</p>
    </div>
  );
}
