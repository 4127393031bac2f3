import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { digestSettingName, notificationSettingName } from '#shared/notifications';
import { describeRequestError } from '../../lib/formMessages';
import { useAtomValue, useStore } from '../../lib/store';
import { showToast } from '../../ui';
import { loadSettings, loadTeamSettings, saveSetting, settingsAtom, teamSettingsAtom } from '../settings/atoms';
import { BrowserPermission } from '../settings/BrowserPermission';
import { NotificationMatrix } from '../settings/NotificationMatrix';
import { channelOn, digestFrequency } from '../settings/notificationGroups';
import styles from './Profile.module.css';

/**
 * My account › Notifications: per type and channel, and the e-mail digest's frequency. What the person has not
 * chosen shows the team's default (admin "notifications and e-mails"); a change is theirs alone, saved at once.
 */
export function NotificationPreferences() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const titleId = useId();
  const own = useAtomValue(settingsAtom);
  const team = useAtomValue(teamSettingsAtom);

  useEffect(() => {
    void loadSettings(store).catch(() => undefined);
    void loadTeamSettings(store).catch(() => undefined);
  }, [store]);

  const save = (name: string, active: boolean, type: string) => {
    saveSetting(name, active, type, store).catch((error: unknown) => {
      showToast({ message: describeRequestError(error, t, i18n.language).message, icon: 'error' });
    });
  };

  return (
    <section className={styles.notifications} aria-labelledby={titleId} id="notifications">
      <h3 id={titleId} className={styles.sectionTitle}>
        {t('notificationSettings.title')}
      </h3>
      <p className={styles.keyboardNote}>{t('notificationSettings.description')}</p>
      <BrowserPermission />
      <NotificationMatrix
        isOn={(channel, type) => channelOn(own, team?.settings ?? null, channel, type)}
        digest={digestFrequency(own, team?.settings ?? null)}
        disabled={own === null}
        onChannel={(channel, type, active) => save(notificationSettingName(channel, type), active, channel)}
        onDigest={(frequency) => save(digestSettingName, true, frequency)}
      />
    </section>
  );
}
