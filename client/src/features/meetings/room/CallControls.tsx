import { useTranslation } from 'react-i18next';
import {
  Hand,
  LayoutGrid,
  MessageSquare,
  Mic,
  MicOff,
  MonitorUp,
  PhoneOff,
  SmilePlus,
  Users,
  Video,
  VideoOff,
  Presentation,
  Circle,
  Square,
} from 'lucide-react';
import { Button, Menu, MenuContent, MenuItem, MenuTrigger } from '../../../ui';
import type { CallLayout } from './CallStage';
import styles from '../Meetings.module.css';

export const reactionEmojis = ['👍', '👏', '🎉', '😂', '❤️', '🙌'] as const;

export type SidePanel = 'participants' | 'chat' | null;

export interface CallControlsProps {
  audio: boolean;
  video: boolean;
  canAudio: boolean;
  canVideo: boolean;
  sharing: boolean;
  canShare: boolean;
  hand: boolean;
  layout: CallLayout;
  panel: SidePanel;
  participantCount: number;
  /** Members in a browser that can record: whether this tab records, and whether it may start or stop now. */
  recording: { active: boolean; available: boolean } | null;
  onRecord: () => void;
  onMicrophone: () => void;
  onCamera: () => void;
  onShare: () => void;
  onHand: () => void;
  onReaction: (emoji: string) => void;
  onLayout: () => void;
  onPanel: (panel: SidePanel) => void;
  onLeave: () => void;
}

/** The call's control bar: every control a labelled button, toggles with aria-pressed, the two shortcuts announced. */
export function CallControls(props: CallControlsProps) {
  const { t } = useTranslation();
  const togglePanel = (panel: Exclude<SidePanel, null>) => props.onPanel(props.panel === panel ? null : panel);
  return (
    <div className={styles.controls} role="toolbar" aria-label={t('meetings.controls.label')}>
      <Button
        iconOnly
        variant={props.audio ? 'secondary' : 'danger'}
        icon={props.audio ? <Mic size={18} aria-hidden /> : <MicOff size={18} aria-hidden />}
        aria-label={t('meetings.controls.microphone')}
        aria-pressed={props.audio}
        aria-keyshortcuts="Control+D Meta+D"
        title={t('meetings.controls.microphoneHint')}
        disabled={!props.canAudio}
        onClick={props.onMicrophone}
      />
      <Button
        iconOnly
        variant={props.video ? 'secondary' : 'danger'}
        icon={props.video ? <Video size={18} aria-hidden /> : <VideoOff size={18} aria-hidden />}
        aria-label={t('meetings.controls.camera')}
        aria-pressed={props.video}
        aria-keyshortcuts="Control+E Meta+E"
        title={t('meetings.controls.cameraHint')}
        disabled={!props.canVideo}
        onClick={props.onCamera}
      />
      {props.canShare && (
        <Button
          iconOnly
          variant={props.sharing ? 'primary' : 'secondary'}
          icon={<MonitorUp size={18} aria-hidden />}
          aria-label={t('meetings.controls.share')}
          aria-pressed={props.sharing}
          onClick={props.onShare}
        />
      )}
      <Button
        iconOnly
        variant={props.hand ? 'primary' : 'secondary'}
        icon={<Hand size={18} aria-hidden />}
        aria-label={t('meetings.controls.hand')}
        aria-pressed={props.hand}
        onClick={props.onHand}
      />
      <Menu>
        <MenuTrigger asChild>
          <Button iconOnly icon={<SmilePlus size={18} aria-hidden />} aria-label={t('meetings.controls.react')} />
        </MenuTrigger>
        <MenuContent side="top" className={styles.reactionMenu}>
          {reactionEmojis.map((emoji) => (
            <MenuItem key={emoji} onSelect={() => props.onReaction(emoji)} aria-label={t('meetings.controls.reactWith', { emoji })}>
              {emoji}
            </MenuItem>
          ))}
        </MenuContent>
      </Menu>
      {props.recording && (
        <Button
          iconOnly
          variant={props.recording.active ? 'danger' : 'secondary'}
          icon={props.recording.active ? <Square size={18} aria-hidden /> : <Circle size={18} aria-hidden />}
          aria-label={props.recording.active ? t('meetings.recording.stop') : t('meetings.recording.start')}
          disabled={!props.recording.available}
          onClick={props.onRecord}
        />
      )}
      <span className={styles.controlsSeparator} aria-hidden />
      <Button
        iconOnly
        icon={props.layout === 'grid' ? <Presentation size={18} aria-hidden /> : <LayoutGrid size={18} aria-hidden />}
        aria-label={props.layout === 'grid' ? t('meetings.controls.speakerLayout') : t('meetings.controls.gridLayout')}
        onClick={props.onLayout}
      />
      <Button
        iconOnly
        variant={props.panel === 'participants' ? 'primary' : 'secondary'}
        icon={<Users size={18} aria-hidden />}
        aria-label={t('meetings.controls.participants', { count: props.participantCount })}
        aria-pressed={props.panel === 'participants'}
        onClick={() => togglePanel('participants')}
      />
      <Button
        iconOnly
        variant={props.panel === 'chat' ? 'primary' : 'secondary'}
        icon={<MessageSquare size={18} aria-hidden />}
        aria-label={t('meetings.controls.chat')}
        aria-pressed={props.panel === 'chat'}
        onClick={() => togglePanel('chat')}
      />
      <Button variant="danger" icon={<PhoneOff size={18} aria-hidden />} onClick={props.onLeave}>
        {t('meetings.controls.leave')}
      </Button>
    </div>
  );
}
