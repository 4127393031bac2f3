import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../lib/graphql';
import { serverErrorText, translateCodeWith } from '../../../lib/errorMessages';
import { uploadErrorMessage } from '../../files/upload';
import type { RecordingSession, RecordingSnapshot } from './recordingSession';
import styles from './Recording.module.css';

export function useRecording(session: RecordingSession): RecordingSnapshot {
  return useSyncExternalStore(session.subscribe, session.snapshot);
}

/**
 * Who records the call, and what became of this tab's own recording. A polite live region that is always there, so
 * screen readers announce a recording starting or stopping, and the upload's end.
 */
export function RecordingStatus({ session, selfId }: { session: RecordingSession; selfId: string }) {
  const { t, i18n } = useTranslation();
  const state = useRecording(session);
  const running = state.running;
  const failureText = () => {
    if (state.failedToStart) {
      return state.failure instanceof RequestError
        ? serverErrorText(translateCodeWith(t), state.failure.code, state.failure.message, state.failure.details)
        : t('meetings.recording.startFailed');
    }
    return t('meetings.recording.saveFailed', { reason: uploadErrorMessage(state.failure, t, i18n.language) });
  };
  return (
    <div className={styles.status} role="status">
      {running && (
        <span className={styles.indicator}>
          <span className={styles.dot} aria-hidden />
          {running.attendee === selfId
            ? t('meetings.recording.indicatorSelf')
            : t('meetings.recording.indicator', { name: running.startedByName })}
        </span>
      )}
      {state.phase === 'saving' && (
        <span className={styles.progress}>
          <label>
            {t('meetings.recording.uploading', { percent: Math.round(state.progress * 100) })} <progress max={1} value={state.progress} />
          </label>
        </span>
      )}
      {state.phase === 'uploaded' && <span>{t('meetings.recording.uploaded', { name: state.fileName })}</span>}
      {state.phase === 'download' && <span>{t('meetings.recording.noSpace')}</span>}
      {state.phase === 'failed' && <span className={styles.failure}>{failureText()}</span>}
      {state.downloadUrl && state.fileName && (
        <a className={styles.download} href={state.downloadUrl} download={state.fileName}>
          {t('meetings.recording.download', { name: state.fileName })}
        </a>
      )}
    </div>
  );
}
