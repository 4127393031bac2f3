/** The recording's own screens: the choice of what to record, the countdown, the recording bar and the preview. */
import { Pause, Play, Square } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { Button, Dialog, Notice, TextInput } from '../../ui';
import { formatDuration } from '../files/fileDisplay';
import { isUploadCancelled, uploadErrorMessage } from '../files/upload';
import type { StoryFile } from './operations';
import type { StoryRecorder, StorySnapshot } from './storyRecorder';
import styles from './Stories.module.css';
import { defaultStoryName, uploadStory } from './uploadStory';

export function useStoryRecorder(recorder: StoryRecorder): StorySnapshot {
  return useSyncExternalStore(recorder.subscribe, recorder.snapshot);
}

/** What to record: the screen always, the camera bubble and the microphone when ticked. */
export function StorySetupDialog({
  recorder,
  project,
  open,
  onClose,
}: {
  recorder: StoryRecorder;
  project: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const state = useStoryRecorder(recorder);
  const [camera, setCamera] = useState(true);
  const [microphone, setMicrophone] = useState(true);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('stories.setup.title')}
      description={t('stories.setup.description')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('stories.setup.cancel')}
          </Button>
          <Button
            variant="primary"
            data-autofocus
            onClick={() => {
              onClose();
              void recorder.start({ project, camera, microphone });
            }}
          >
            {t('stories.setup.start')}
          </Button>
        </>
      }
    >
      <div className={styles.choices}>
        <label className={styles.choice}>
          <input type="checkbox" checked={camera} onChange={(event) => setCamera(event.target.checked)} />
          {t('stories.setup.camera')}
        </label>
        <label className={styles.choice}>
          <input type="checkbox" checked={microphone} onChange={(event) => setMicrophone(event.target.checked)} />
          {t('stories.setup.microphone')}
        </label>
      </div>
      {state.phase === 'failed' && state.failure && <Notice tone="error" title={t(`stories.failures.${state.failure}`)} />}
    </Dialog>
  );
}

function CameraBubble({ stream }: { stream: MediaStream }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return <video ref={video} className={styles.bubble} autoPlay muted playsInline aria-hidden />;
}

/** The countdown and the recording bar: a toolbar fixed at the bottom of the page while a story records. */
export function StoryRecordingBar({ recorder }: { recorder: StoryRecorder }) {
  const { t } = useTranslation();
  const state = useStoryRecorder(recorder);
  if (state.phase === 'countdown') {
    return (
      <div className={styles.countdown} role="status">
        <span className={styles.countdownNumber} aria-label={t('stories.countdown.label', { count: state.countdown })}>
          {state.countdown}
        </span>
        <Button variant="primary" onClick={() => recorder.skipCountdown()}>
          {t('stories.countdown.skip')}
        </Button>
        <Button variant="ghost" onClick={() => recorder.cancel()}>
          {t('stories.setup.cancel')}
        </Button>
      </div>
    );
  }
  if (state.phase !== 'recording' && state.phase !== 'paused' && state.phase !== 'finishing') return null;
  const paused = state.phase === 'paused';
  return (
    <div className={styles.bar} role="toolbar" aria-label={t('stories.bar.label')}>
      {state.cameraStream && <CameraBubble stream={state.cameraStream} />}
      <span className={paused ? styles.dotPaused : styles.dot} aria-hidden />
      <span role="timer" aria-label={t('stories.bar.elapsed')} className={styles.elapsed}>
        {formatDuration(Math.floor(state.elapsedMs / 1000))}
      </span>
      <span className={styles.barState}>
        {state.phase === 'finishing' ? t('stories.bar.finishing') : paused ? t('stories.bar.paused') : t('stories.bar.recording')}
      </span>
      {state.phase !== 'finishing' && (
        <>
          <Button
            size="sm"
            icon={paused ? <Play size={14} aria-hidden /> : <Pause size={14} aria-hidden />}
            onClick={() => (paused ? recorder.resume() : recorder.pause())}
          >
            {paused ? t('stories.bar.resume') : t('stories.bar.pause')}
          </Button>
          <Button size="sm" variant="danger" icon={<Square size={14} aria-hidden />} onClick={() => void recorder.stop()}>
            {t('stories.bar.stop')}
          </Button>
        </>
      )}
    </div>
  );
}

/** The recorded story: watch it, name it, upload it with progress into the space, or throw it away. */
export function StoryPreviewDialog({
  recorder,
  project,
  onUploaded,
}: {
  recorder: StoryRecorder;
  project: string;
  onUploaded: (story: StoryFile) => void;
}) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const state = useStoryRecorder(recorder);
  const recording = state.phase === 'preview' ? state.recording : null;
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const [preparedFor, setPreparedFor] = useState<string | null>(null);
  if (recording && preparedFor !== recording.url) {
    setPreparedFor(recording.url);
    setName(defaultStoryName(new Date(), t('stories.defaultName')));
    setProgress(null);
    setFailure(null);
  }
  if (!recording) return null;
  const uploading = progress !== null;
  const upload = async () => {
    if (!name.trim()) return;
    const abort = new AbortController();
    controller.current = abort;
    setFailure(null);
    setProgress(0);
    try {
      const story = await uploadStory(
        store,
        recording,
        { project, name },
        { signal: abort.signal, onProgress: ({ loaded, total }) => setProgress(total > 0 ? loaded / total : 0) },
      );
      onUploaded(story);
      recorder.discard();
    } catch (error) {
      setProgress(null);
      if (!isUploadCancelled(error)) setFailure(uploadErrorMessage(error, t, i18n.language));
    } finally {
      controller.current = null;
    }
  };
  const discard = () => {
    controller.current?.abort();
    recorder.discard();
  };
  return (
    <Dialog
      open
      size="md"
      onOpenChange={(open) => !open && !uploading && discard()}
      title={t('stories.preview.title')}
      description={t('stories.preview.duration', { duration: formatDuration(Math.floor(recording.durationMs / 1000)) })}
      footer={
        <>
          <Button variant="ghost" onClick={discard}>
            {t('stories.preview.discard')}
          </Button>
          <Button variant="primary" disabled={uploading || !name.trim()} onClick={() => void upload()}>
            {t('stories.preview.upload')}
          </Button>
        </>
      }
    >
      <video className={styles.preview} src={recording.url} controls playsInline aria-label={t('stories.preview.video')} />
      <TextInput label={t('stories.preview.name')} value={name} onChange={(event) => setName(event.target.value)} disabled={uploading} />
      {uploading && (
        <label className={styles.progress}>
          {t('stories.preview.uploading', { percent: Math.round((progress ?? 0) * 100) })}
          <progress max={1} value={progress ?? 0} />
        </label>
      )}
      {failure && <Notice tone="error" title={t('stories.preview.failed', { reason: failure })} />}
    </Dialog>
  );
}
