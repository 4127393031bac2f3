import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRequestError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { Button, Card, Notice, Spinner } from '../../ui';
import { formatDateTime } from '../chat/format';
import { getSupportFeedbackScreenshotDocument, getSupportFeedbacksDocument, type SupportFeedback } from './operations';
import styles from './Support.module.css';

type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; items: SupportFeedback[] };

/** The instance administrators' list of the feedback received, newest first; a screenshot is loaded when asked for. */
export function FeedbackReceived() {
  const { t, i18n } = useTranslation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    request(getSupportFeedbacksDocument, {}, { handledByCaller: true }).then(
      (data) => current && setLoad({ status: 'ready', items: data.getSupportFeedbacks }),
      (error: unknown) => current && setLoad({ status: 'failed', message: describeRequestError(error, t, i18n.language).message }),
    );
    return () => {
      current = false;
    };
  }, [attempt, t, i18n.language]);

  return (
    <section className={styles.form} aria-labelledby="feedback-received">
      <h2 id="feedback-received" className={styles.subtitle}>
        {t('support.feedback.received')}
      </h2>
      {load.status === 'loading' && (
        <p className={styles.loading}>
          <Spinner size={16} /> {t('support.loading')}
        </p>
      )}
      {load.status === 'failed' && (
        <Notice tone="error" title={t('support.feedback.listFailed')}>
          <p className={styles.plain}>{load.message}</p>
          <Button
            onClick={() => {
              setLoad({ status: 'loading' });
              setAttempt((value) => value + 1);
            }}
          >
            {t('support.retry')}
          </Button>
        </Notice>
      )}
      {load.status === 'ready' && load.items.length === 0 && <p className={styles.muted}>{t('support.feedback.noneReceived')}</p>}
      {load.status === 'ready' && load.items.length > 0 && (
        <ul className={styles.list}>
          {load.items.map((item) => (
            <FeedbackCard key={item.id} item={item} language={i18n.language} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FeedbackCard({ item, language }: { item: SupportFeedback; language: string }) {
  const { t } = useTranslation();
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const author = item.author ? `${item.author.firstname} ${item.author.lastname}`.trim() : t('support.formerAccount');

  async function showScreenshot() {
    setLoading(true);
    setFailed(false);
    try {
      const data = await request(getSupportFeedbackScreenshotDocument, { id: item.id }, { handledByCaller: true });
      setScreenshot(data.getSupportFeedback.screenshot);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Card as="li">
      <div className={styles.cardHeader}>
        <span className={styles.badge}>{t(`support.feedback.kinds.${item.kind as 'idea' | 'problem' | 'praise'}`, item.kind)}</span>
        <span>{item.author ? `${author} · ${item.author.email}` : author}</span>
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, language)}</time>
      </div>
      <p className={styles.plain}>{item.message}</p>
      {item.hasScreenshot &&
        (screenshot ? (
          <img className={styles.preview} src={screenshot} alt={t('support.feedback.screenshotOf', { name: author })} />
        ) : (
          <div className={styles.actions}>
            <Button size="sm" loading={loading} onClick={() => void showScreenshot()}>
              {t('support.feedback.showScreenshot')}
            </Button>
            {failed && <span role="alert">{t('support.feedback.screenshotFailed')}</span>}
          </div>
        ))}
    </Card>
  );
}
