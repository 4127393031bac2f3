import { Camera, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitleDetail } from '../../lib/documentTitle';
import { describeRequestError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { Button, Notice, Page, TextArea } from '../../ui';
import { FeedbackReceived } from './FeedbackReceived';
import { getSupportAccessDocument, sendFeedbackDocument } from './operations';
import { canCaptureScreen, captureCurrentPage } from './screenshot';
import styles from './Support.module.css';

export const feedbackKinds = ['idea', 'problem', 'praise'] as const;
type FeedbackKind = (typeof feedbackKinds)[number];
/** The server's limit (server/src/domains/support/feedback.ts: feedbackMessageMaximum). */
export const feedbackMessageMaximum = 5000;

/**
 * The feedback page: a form that reaches the instance administrators by e-mail (an idea, a problem or praise, a
 * message, and a screenshot of the page the browser captures when asked, previewed and removable before sending).
 * The administrators also see here the feedback received.
 */
export default function FeedbackPage() {
  const { t, i18n } = useTranslation();
  usePageTitleDetail(t('support.feedback.title'));
  const [kind, setKind] = useState<FeedbackKind>('idea');
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | undefined>();
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [supportTeam, setSupportTeam] = useState(false);

  useEffect(() => {
    let current = true;
    request(getSupportAccessDocument, {}, { handledByCaller: true }).then(
      (data) => current && setSupportTeam(data.getSupportAccess.supportTeam),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  async function capture() {
    setCapturing(true);
    setFormError(null);
    try {
      const image = await captureCurrentPage();
      if (image) setScreenshot(image);
    } catch {
      setFormError(t('support.feedback.captureFailed'));
    } finally {
      setCapturing(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const text = message.trim();
    if (text === '') {
      setMessageError(t('support.feedback.messageRequired'));
      document.getElementById('feedback-message')?.focus();
      return;
    }
    setSending(true);
    setFormError(null);
    try {
      await request(sendFeedbackDocument, { kind, message: text, screenshot, page: null }, { handledByCaller: true });
      setSent(true);
      setMessage('');
      setScreenshot(null);
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      if (described.field === 'message') setMessageError(described.message);
      else setFormError(t('support.feedback.failed', { reason: described.message }));
    } finally {
      setSending(false);
    }
  }

  return (
    <Page title={t('support.feedback.title')} description={t('support.feedback.subtitle')}>
      {sent ? (
        <Notice tone="success" title={t('support.feedback.sentTitle')}>
          <p className={styles.plain}>{t('support.feedback.sentText')}</p>
          <div className={styles.actions}>
            <Button onClick={() => setSent(false)}>{t('support.feedback.another')}</Button>
          </div>
        </Notice>
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('support.feedback.title')}>
          {formError && <Notice tone="error">{formError}</Notice>}
          <fieldset className={styles.kinds}>
            <legend>{t('support.feedback.kind')}</legend>
            {feedbackKinds.map((value) => (
              <label key={value} className={styles.kind}>
                <input type="radio" name="kind" value={value} checked={kind === value} onChange={() => setKind(value)} />
                {t(`support.feedback.kinds.${value}`)}
              </label>
            ))}
          </fieldset>
          <TextArea
            id="feedback-message"
            label={t('support.feedback.message')}
            rows={6}
            maxLength={feedbackMessageMaximum}
            placeholder={t(`support.feedback.placeholders.${kind}`)}
            value={message}
            error={messageError}
            onChange={(event) => {
              setMessage(event.target.value);
              if (messageError && event.target.value.trim() !== '') setMessageError(undefined);
            }}
          />
          <div className={styles.screenshot}>
            {screenshot ? (
              <>
                <img className={styles.preview} src={screenshot} alt={t('support.feedback.screenshotPreview')} />
                <Button icon={<X size={16} aria-hidden />} onClick={() => setScreenshot(null)}>
                  {t('support.feedback.removeScreenshot')}
                </Button>
              </>
            ) : (
              canCaptureScreen() && (
                <Button icon={<Camera size={16} aria-hidden />} loading={capturing} onClick={() => void capture()}>
                  {t('support.feedback.addScreenshot')}
                </Button>
              )
            )}
            <p className={styles.muted}>{t('support.feedback.screenshotHint')}</p>
          </div>
          <div className={styles.actions}>
            <Button type="submit" variant="primary" loading={sending}>
              {t('support.feedback.send')}
            </Button>
          </div>
        </form>
      )}
      {supportTeam && <FeedbackReceived />}
    </Page>
  );
}
