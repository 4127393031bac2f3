import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Hand, MicOff, MonitorUp, WifiOff } from 'lucide-react';
import { Avatar } from '../../../ui';
import { applySpeaker } from '../devices/useAudioLevel';
import type { ConnectionQuality } from '../call/types';
import styles from '../Meetings.module.css';

export interface VideoTileProps {
  participantId: string;
  name: string;
  profileImg: string | null;
  stream: MediaStream | null;
  /** Redraws when the tracks inside the same stream change. */
  streamVersion?: number;
  videoOn: boolean;
  audioOn: boolean;
  hand: boolean;
  speaking: boolean;
  self: boolean;
  screen?: boolean;
  connection?: ConnectionQuality;
  reaction?: string | undefined;
  large?: boolean;
}

/** One person's (or one shared screen's) picture in the call, with their name, muted and hand-raised marks. */
export function VideoTile(props: VideoTileProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const { stream, streamVersion } = props;
  useEffect(() => {
    const video = videoRef.current;
    if (video && video.srcObject !== stream) video.srcObject = stream;
  }, [stream, streamVersion]);

  const label = props.screen
    ? t('meetings.call.screenOf', { name: props.name })
    : props.self
      ? t('meetings.call.you', { name: props.name })
      : props.name;
  const showVideo = props.screen || (props.videoOn && (stream?.getVideoTracks().length ?? 0) > 0);
  return (
    <figure
      className={clsx(styles.tile, props.large && styles.tileLarge, props.speaking && !props.screen && styles.tileSpeaking)}
      aria-label={label}
      data-participant={props.participantId}
      data-kind={props.screen ? 'screen' : 'camera'}
    >
      <video
        ref={videoRef}
        className={clsx(styles.tileVideo, props.self && !props.screen && styles.mirrored, !showVideo && styles.hidden)}
        autoPlay
        muted
        playsInline
      />
      {!showVideo && (
        <div className={styles.tileAvatar}>
          <Avatar name={props.name} src={props.profileImg} colorKey={props.participantId} size={props.large ? 96 : 64} />
        </div>
      )}
      {props.reaction && (
        <span className={styles.reaction} aria-hidden>
          {props.reaction}
        </span>
      )}
      <figcaption className={styles.tileCaption}>
        {props.screen && <MonitorUp size={14} aria-hidden />}
        <span className={styles.tileName}>{label}</span>
        {!props.screen && !props.audioOn && <MicOff size={14} role="img" aria-label={t('meetings.call.muted')} />}
        {!props.screen && props.hand && <Hand size={14} role="img" aria-label={t('meetings.call.handRaised')} />}
        {props.connection === 'reconnecting' && <WifiOff size={14} role="img" aria-label={t('meetings.call.reconnecting')} />}
      </figcaption>
    </figure>
  );
}

/** A remote participant's sound, on the chosen speaker; nothing to see. */
export function RemoteAudio({ stream, speaker }: { stream: MediaStream; speaker: string | null }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.srcObject !== stream) audio.srcObject = stream;
    applySpeaker(audio, speaker);
  }, [stream, speaker]);
  return <audio ref={audioRef} autoPlay />;
}
