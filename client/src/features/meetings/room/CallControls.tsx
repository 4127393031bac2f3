import { useTranslation } from 'react-i18next';
import {
  Hand,
  LayoutGrid,
  MessageSquare,
  Mic,
  NotebookPen,
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
  type LucideIcon,
} from 'lucide-react';
import { Button, Menu, MenuContent, MenuItem, MenuTrigger } from '../../../ui';
import type { CallLayout } from './CallStage';
import styles from '../Meetings.module.css';

export const reactionEmojis = ['👍', '👏', '🎉', '😂', '❤️', '🙌'] as const;

export type SidePanel = 'participants' | 'chat' | 'notes' | null;

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
  /** Members in a space's room: the room's notes doc beside the call (an ad hoc room has no space to keep one in). */
  notesAvailable: boolean;
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

interface DeviceToggleProps {
  on: boolean;
  /** False when this device gave no track (refused or absent): the toggle is shown, disabled. */
  available: boolean;
  /** The icon while on, then while off. */
  icons: [LucideIcon, LucideIcon];
  label: string;
  hint: string;
  /** The keyboard shortcut, as aria-keyshortcuts names it. */
  shortcut: string;
  onToggle: () => void;
}

/** The microphone or camera toggle: red while off, its shortcut announced and shown in the tooltip. */
function DeviceToggle({ on, available, icons, label, hint, shortcut, onToggle }: DeviceToggleProps) {
  const Icon = on ? icons[0] : icons[1];
  return (
    <Button
      iconOnly
      variant={on ? 'secondary' : 'danger'}
      icon={<Icon size={18} aria-hidden />}
      aria-label={label}
      aria-pressed={on}
      aria-keyshortcuts={shortcut}
      title={hint}
      disabled={!available}
      onClick={onToggle}
    />
  );
}

/** A control that stays pressed while its state is on (sharing, a raised hand, an open panel): highlighted, aria-pressed. */
function PressedToggle({
  pressed,
  icon: Icon,
  label,
  onClick,
}: {
  pressed: boolean;
  icon: LucideIcon;
  label: string;
  onClick: () => void;
}) {
  return (
    <Button
      iconOnly
      variant={pressed ? 'primary' : 'secondary'}
      icon={<Icon size={18} aria-hidden />}
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
    />
  );
}

/** The call's control bar: every control a labelled button, toggles with aria-pressed, the two shortcuts announced. */
export function CallControls(props: CallControlsProps) {
  const { t } = useTranslation();
  const togglePanel = (panel: Exclude<SidePanel, null>) => props.onPanel(props.panel === panel ? null : panel);
  return (
    <div className={styles.controls} role="toolbar" aria-label={t('meetings.controls.label')}>
      <DeviceToggle
        on={props.audio}
        available={props.canAudio}
        icons={[Mic, MicOff]}
        label={t('meetings.controls.microphone')}
        hint={t('meetings.controls.microphoneHint')}
        shortcut="Control+D Meta+D"
        onToggle={props.onMicrophone}
      />
      <DeviceToggle
        on={props.video}
        available={props.canVideo}
        icons={[Video, VideoOff]}
        label={t('meetings.controls.camera')}
        hint={t('meetings.controls.cameraHint')}
        shortcut="Control+E Meta+E"
        onToggle={props.onCamera}
      />
      {props.canShare && (
        <PressedToggle pressed={props.sharing} icon={MonitorUp} label={t('meetings.controls.share')} onClick={props.onShare} />
      )}
      <PressedToggle pressed={props.hand} icon={Hand} label={t('meetings.controls.hand')} onClick={props.onHand} />
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
      <PressedToggle
        pressed={props.panel === 'participants'}
        icon={Users}
        label={t('meetings.controls.participants', { count: props.participantCount })}
        onClick={() => togglePanel('participants')}
      />
      <PressedToggle
        pressed={props.panel === 'chat'}
        icon={MessageSquare}
        label={t('meetings.controls.chat')}
        onClick={() => togglePanel('chat')}
      />
      {props.notesAvailable && (
        <PressedToggle
          pressed={props.panel === 'notes'}
          icon={NotebookPen}
          label={t('meetings.notes.toggle')}
          onClick={() => togglePanel('notes')}
        />
      )}
      <Button variant="danger" icon={<PhoneOff size={18} aria-hidden />} onClick={props.onLeave}>
        {t('meetings.controls.leave')}
      </Button>
    </div>
  );
}
