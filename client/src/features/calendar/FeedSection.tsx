import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { request } from '../../lib/graphql';
import { useAction } from '../../lib/useAction';
import { Button, Notice, Spinner, openDialog, showToast } from '../../ui';
import { getCalendarFeedDocument, resetCalendarFeedDocument, revokeCalendarFeedDocument, type CalendarFeed } from './operations';
import styles from './Calendar.module.css';

/**
 * The private ICS feed (Google Calendar, Outlook and Apple Calendar subscribe to it): only its hash is kept, so a
 * new address is shown once, right after it is made; revoking stops the old one.
 */
export function FeedSection() {
  const { t, i18n } = useTranslation();
  const action = useAction();
  const [feed, setFeed] = useState<CalendarFeed | null | 'failed'>(null);

  useEffect(() => {
    let stopped = false;
    request(getCalendarFeedDocument, {}, { silent: true })
      .then(({ getCalendarFeed }) => !stopped && setFeed(getCalendarFeed))
      .catch(() => !stopped && setFeed('failed'));
    return () => {
      stopped = true;
    };
  }, []);

  const reset = async () => {
    if (feed !== null && feed !== 'failed' && feed.active) {
      const answer = await openDialog({
        title: t('calendar.feed.resetTitle'),
        description: t('calendar.feed.resetDescription'),
        primaryLabel: t('calendar.feed.reset'),
        tone: 'danger',
      });
      if (!answer.confirmed) return;
    }
    await action.run('reset', async () =>
      setFeed((await request(resetCalendarFeedDocument, {}, { handledByCaller: true })).resetCalendarFeed),
    );
  };

  const revoke = async () => {
    const answer = await openDialog({
      title: t('calendar.feed.revokeTitle'),
      description: t('calendar.feed.revokeDescription'),
      primaryLabel: t('calendar.feed.revoke'),
      tone: 'danger',
    });
    if (!answer.confirmed) return;
    await action.run('revoke', async () =>
      setFeed((await request(revokeCalendarFeedDocument, {}, { handledByCaller: true })).revokeCalendarFeed),
    );
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ message: t('calendar.feed.copied'), icon: 'success' });
    } catch {
      showToast({ message: t('calendar.meeting.copyFailed'), icon: 'error' });
    }
  };

  return (
    <section className={styles.card} aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title" className={styles.cardTitle}>
        {t('calendar.feed.title')}
      </h2>
      <p className={styles.muted}>{t('calendar.feed.description')}</p>
      {action.error && <Notice tone="error">{action.error}</Notice>}
      {feed === null && <Spinner />}
      {feed === 'failed' && <Notice tone="error">{t('calendar.feed.loadFailed')}</Notice>}
      {feed !== null && feed !== 'failed' && (
        <>
          <p>
            {feed.active
              ? t('calendar.feed.active', {
                  date: feed.createdAt
                    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(feed.createdAt))
                    : '',
                })
              : t('calendar.feed.none')}
          </p>
          {feed.url && (
            <div className={styles.feedUrl}>
              <label className={styles.legend} htmlFor="calendar-feed-url">
                {t('calendar.feed.url')}
              </label>
              <div className={styles.linkRow}>
                <input
                  id="calendar-feed-url"
                  className={styles.linkInput}
                  readOnly
                  value={feed.url}
                  onFocus={(event) => event.target.select()}
                />
                <Button size="sm" icon={<Copy size={14} aria-hidden />} onClick={() => void copy(feed.url ?? '')}>
                  {t('calendar.feed.copy')}
                </Button>
              </div>
              <p className={styles.muted}>{t('calendar.feed.onlyOnce')}</p>
            </div>
          )}
          <div className={styles.buttonRow}>
            <Button
              size="sm"
              variant={feed.active ? 'secondary' : 'primary'}
              loading={action.pending === 'reset'}
              onClick={() => void reset()}
            >
              {feed.active ? t('calendar.feed.reset') : t('calendar.feed.create')}
            </Button>
            {feed.active && (
              <Button size="sm" variant="danger" loading={action.pending === 'revoke'} onClick={() => void revoke()}>
                {t('calendar.feed.revoke')}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
