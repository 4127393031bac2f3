import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Mic, MicOff, Video, VideoOff } from 'lucide-react';
import { Button, Notice, Select, type SelectOption } from '../../../ui';
import type { LocalMedia, MediaKind } from './localMedia';
import type { MediaProblem } from './mediaErrors';
import { canChooseSpeaker, useAudioLevel } from './useAudioLevel';
import styles from '../Meetings.module.css';

export interface DeviceSetupProps {
  media: LocalMedia;
  roomName: string;
  onJoin: () => void;
  joining: boolean;
  /** Why the last join failed (the call is full...), shown above the join button. */
  joinError?: ReactNode;
}

function deviceOptions(devices: readonly MediaDeviceInfo[], fallback: (index: number) => string, systemDefault: string): SelectOption[] {
  const options = devices
    .filter((device) => device.deviceId !== '' && device.deviceId !== 'default')
    .map((device, index) => ({ value: device.deviceId, label: device.label || fallback(index + 1) }));
  return [{ value: '', label: systemDefault }, ...options];
}

/** The set-up screen before a call (SPEC §2): pick microphone, speaker and camera, see yourself, hear the level, then join. */
export function DeviceSetup({ media, roomName, onJoin, joining, joinError }: DeviceSetupProps) {
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(media.subscribe, media.snapshot);
  const { stream, preferences, problems } = snapshot;
  const previewRef = useRef<HTMLVideoElement>(null);
  const hasVideo = (stream?.getVideoTracks().length ?? 0) > 0;
  const hasAudio = (stream?.getAudioTracks().length ?? 0) > 0;
  const level = useAudioLevel(stream, snapshot.version, hasAudio && preferences.audio);

  useEffect(() => {
    const preview = previewRef.current;
    if (preview && preview.srcObject !== stream) preview.srcObject = stream;
  }, [stream, snapshot.version]);

  const systemDefault = t('meetings.setup.systemDefault');
  const problemText = (kind: MediaKind, problem: MediaProblem) => t(`meetings.devices.${kind}.${problem}`);

  return (
    <section className={styles.setup} aria-labelledby="meeting-setup-title">
      <h1 id="meeting-setup-title" className={styles.setupTitle} tabIndex={-1}>
        {t('meetings.setup.title', { name: roomName })}
      </h1>
      <div className={styles.setupBody}>
        <div className={styles.preview}>
          <video ref={previewRef} className={styles.mirrored} autoPlay muted playsInline aria-label={t('meetings.setup.preview')} />
          {(!hasVideo || !preferences.video) && (
            <div className={styles.previewOff}>
              <VideoOff size={28} aria-hidden />
              <span>{hasVideo ? t('meetings.setup.cameraOff') : t('meetings.setup.noCamera')}</span>
            </div>
          )}
          <div className={styles.previewControls}>
            <Button
              iconOnly
              variant={preferences.audio && hasAudio ? 'secondary' : 'danger'}
              icon={preferences.audio && hasAudio ? <Mic size={16} aria-hidden /> : <MicOff size={16} aria-hidden />}
              aria-label={t('meetings.controls.microphone')}
              aria-pressed={preferences.audio && hasAudio}
              disabled={!hasAudio}
              onClick={() => media.setEnabled('audio', !preferences.audio)}
            />
            <Button
              iconOnly
              variant={preferences.video && hasVideo ? 'secondary' : 'danger'}
              icon={preferences.video && hasVideo ? <Video size={16} aria-hidden /> : <VideoOff size={16} aria-hidden />}
              aria-label={t('meetings.controls.camera')}
              aria-pressed={preferences.video && hasVideo}
              disabled={!hasVideo}
              onClick={() => media.setEnabled('video', !preferences.video)}
            />
          </div>
        </div>
        <div className={styles.setupFields}>
          {!snapshot.ready && <p className={styles.muted}>{t('meetings.setup.asking')}</p>}
          {snapshot.lost && (
            <Notice tone="error" title={t(`meetings.devices.${snapshot.lost}.lost`)}>
              {t('meetings.devices.lostHint')}
            </Notice>
          )}
          {(['audio', 'video'] as const).map((kind) => {
            const problem = problems[kind];
            if (!problem || snapshot.lost === kind) return null;
            return (
              <Notice key={kind} tone="error" title={problemText(kind, problem)}>
                {t(`meetings.devices.hint.${problem}`)}{' '}
                {problem !== 'unsupported' && (
                  <Button size="sm" onClick={() => void media.retry(kind)}>
                    {t('meetings.devices.retry')}
                  </Button>
                )}
              </Notice>
            );
          })}
          <Select
            label={t('meetings.setup.microphone')}
            options={deviceOptions(snapshot.microphones, (index) => t('meetings.setup.microphoneN', { index }), systemDefault)}
            value={preferences.microphone ?? ''}
            onChange={(event) => void media.selectDevice('audio', event.target.value)}
          />
          <div className={styles.meterRow}>
            <span id="meeting-level-label" className={styles.muted}>
              {t('meetings.setup.level')}
            </span>
            <meter
              aria-labelledby="meeting-level-label"
              min={0}
              max={1}
              low={0.25}
              high={0.9}
              optimum={0.5}
              value={level}
              className={styles.meter}
            />
          </div>
          {canChooseSpeaker() && snapshot.speakers.length > 0 && (
            <Select
              label={t('meetings.setup.speaker')}
              options={deviceOptions(snapshot.speakers, (index) => t('meetings.setup.speakerN', { index }), systemDefault)}
              value={preferences.speaker ?? ''}
              onChange={(event) => void media.selectDevice('speaker', event.target.value)}
            />
          )}
          <Select
            label={t('meetings.setup.camera')}
            options={deviceOptions(snapshot.cameras, (index) => t('meetings.setup.cameraN', { index }), systemDefault)}
            value={preferences.camera ?? ''}
            onChange={(event) => void media.selectDevice('video', event.target.value)}
          />
          {joinError}
          <Button variant="primary" size="lg" loading={joining} disabled={!snapshot.ready} onClick={onJoin}>
            {t('meetings.setup.join')}
          </Button>
        </div>
      </div>
    </section>
  );
}
