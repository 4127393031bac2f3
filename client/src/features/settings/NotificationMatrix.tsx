import { useTranslation } from 'react-i18next';
import {
  digestFrequencies,
  isDigestFrequency,
  notificationChannels,
  type DigestFrequency,
  type NotificationChannel,
  type NotificationType,
} from '#shared/notifications';
import { Select } from '../../ui';
import { notificationGroups, typesOf } from './notificationGroups';
import styles from './NotificationMatrix.module.css';

export interface NotificationMatrixProps {
  isOn: (channel: NotificationChannel, type: NotificationType) => boolean;
  digest: DigestFrequency;
  /** While the values load, or for someone who may only look. */
  disabled: boolean;
  onChannel: (channel: NotificationChannel, type: NotificationType, active: boolean) => void;
  onDigest: (frequency: DigestFrequency) => void;
}

/**
 * Every notification type the product produces, by group, against the three channels (in the app, the browser,
 * e-mail), and the e-mail digest's frequency: the person's own preferences and the admin's team defaults alike.
 */
export function NotificationMatrix({ isOn, digest, disabled, onChannel, onDigest }: NotificationMatrixProps) {
  const { t } = useTranslation();
  const shownGroups = notificationGroups
    .map((group) => ({ key: group.key, types: typesOf(group) }))
    .filter(({ types }) => types.length > 0);
  return (
    <div className={styles.matrix}>
      {shownGroups.map(({ key, types }) => (
        <table key={key} className={styles.table}>
          <caption className={styles.caption}>{t(`notificationSettings.groups.${key}`)}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.typeHeader}>
                {t('notificationSettings.typeColumn')}
              </th>
              {notificationChannels.map((channel) => (
                <th key={channel} scope="col" className={styles.columnHeader}>
                  {t(`notificationSettings.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {types.map((type) => {
              const typeLabel = t(`notificationSettings.types.${type}`);
              return (
                <tr key={type}>
                  <th scope="row" className={styles.rowHeader}>
                    {typeLabel}
                  </th>
                  {notificationChannels.map((channel) => (
                    <td key={channel} className={styles.cell}>
                      <input
                        type="checkbox"
                        className={styles.checkbox}
                        aria-label={t('notificationSettings.cellLabel', {
                          type: typeLabel,
                          channel: t(`notificationSettings.channels.${channel}`),
                        })}
                        checked={isOn(channel, type)}
                        disabled={disabled}
                        onChange={(event) => onChannel(channel, type, event.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      ))}
      <Select
        className={styles.digest}
        label={t('notificationSettings.digest.label')}
        hint={t('notificationSettings.digest.hint')}
        value={digest}
        disabled={disabled}
        options={digestFrequencies.map((frequency) => ({ value: frequency, label: t(`notificationSettings.digest.${frequency}`) }))}
        onChange={(event) => {
          if (isDigestFrequency(event.target.value)) onDigest(event.target.value);
        }}
      />
    </div>
  );
}
