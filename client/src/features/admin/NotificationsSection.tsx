import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { digestSettingName, notificationSettingName } from '#shared/notifications';
import { describeRequestError } from '../../lib/formMessages';
import { useAtomValue, useStore } from '../../lib/store';
import { Notice, showToast } from '../../ui';
import { loadTeamSettings, saveTeamSetting, teamSettingsAtom } from '../settings/atoms';
import { NotificationMatrix } from '../settings/NotificationMatrix';
import { channelOn, digestFrequency } from '../settings/notificationGroups';
import styles from './Admin.module.css';

/**
 * Admin › Notifications and e-mails: the team's defaults, per type and channel and the digest's frequency, the
 * same switches as each person's own (My account › Notifications), where a person's choice wins. Admins change
 * them (the server checks it); other members see them.
 */
export function NotificationsSection() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const team = useAtomValue(teamSettingsAtom);

  useEffect(() => {
    void loadTeamSettings(store).catch(() => undefined);
  }, [store]);

  const save = (name: string, active: boolean, type: string) => {
    saveTeamSetting(name, active, type, store).catch((error: unknown) => {
      showToast({ message: describeRequestError(error, t, i18n.language).message, icon: 'error' });
    });
  };

  return (
    <div className={styles.stack}>
      {team && !team.isAdmin && <Notice tone="info">{t('notificationSettings.admin.adminsOnly')}</Notice>}
      <NotificationMatrix
        isOn={(channel, type) => channelOn(null, team?.settings ?? null, channel, type)}
        digest={digestFrequency(null, team?.settings ?? null)}
        disabled={!team?.isAdmin}
        onChannel={(channel, type, active) => save(notificationSettingName(channel, type), active, channel)}
        onDigest={(frequency) => save(digestSettingName, true, frequency)}
      />
      <p className={styles.footnote}>{t('notificationSettings.admin.footnote')}</p>
    </div>
  );
}
