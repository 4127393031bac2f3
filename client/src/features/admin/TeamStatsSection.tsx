import { useCallback, useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { describeRequestError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { graphql, type ResultOf } from '../../lib/graphqlDocument';
import { Button, Notice, Spinner } from '../../ui';
import adminStyles from './Admin.module.css';
import styles from './TeamStats.module.css';

/** SPEC §3 Stats beyond storage: the seconds of sound and video kept, and who is online or away now. */
export const getTeamStatsDocument = graphql('query GetTeamStats { getStats { team duration active away } }');
export type TeamStats = ResultOf<typeof getTeamStatsDocument>['getStats'];

/** "1 hr 5 min", "12 min", "45 sec" in the interface language (Intl units). */
export function formatRecordedTime(seconds: number, language: string): string {
  const unit = (value: number, name: 'second' | 'minute' | 'hour') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const whole = Math.round(seconds);
  if (whole < 60) return unit(whole, 'second');
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/** Admin's team figures (getStats), read when shown and again on Refresh: presence changes by the minute. */
export function TeamStatsSection() {
  const { t, i18n } = useTranslation();
  const [stats, setStats] = useState<TeamStats | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(() => {
    request(getTeamStatsDocument, undefined, { handledByCaller: true })
      .then(
        ({ getStats }) => {
          setStats(getStats);
          setFailed(null);
        },
        (error: unknown) => setFailed(describeRequestError(error, t, i18n.language).message),
      )
      .finally(() => setLoading(false));
  }, [t, i18n.language]);

  useEffect(() => load(), [load]);

  // Storage is beside it already (the plan's summary); these are the rest of SPEC §3 Stats.
  const figures: [string, string][] = stats
    ? [
        [t('teamStats.duration'), formatRecordedTime(stats.duration, i18n.language)],
        [t('teamStats.active'), new Intl.NumberFormat(i18n.language).format(stats.active)],
        [t('teamStats.away'), new Intl.NumberFormat(i18n.language).format(stats.away)],
      ]
    : [];

  return (
    <section className={adminStyles.block} aria-labelledby="admin-team-stats">
      <h3 id="admin-team-stats" className={adminStyles.blockTitle}>
        {t('teamStats.title')}
      </h3>
      <p className={adminStyles.blockDescription}>{t('teamStats.description')}</p>
      {failed && <Notice tone="error">{failed}</Notice>}
      {stats ? (
        <dl className={styles.figures}>
          {figures.map(([term, value]) => (
            <div key={term} className={styles.figure}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        !failed && (
          <p role="status" className={adminStyles.blockDescription}>
            <Spinner size={14} /> {t('teamStats.loading')}
          </p>
        )
      )}
      <div className={styles.footer}>
        <Button
          size="sm"
          variant="secondary"
          icon={<RefreshCw size={14} aria-hidden />}
          loading={loading && stats !== null}
          onClick={() => {
            setLoading(true);
            load();
          }}
        >
          {t('teamStats.refresh')}
        </Button>
      </div>
    </section>
  );
}
