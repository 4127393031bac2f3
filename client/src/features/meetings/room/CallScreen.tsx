import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Button, openDialog, showToast } from '../../../ui';
import { Conversation } from '../../chat/Conversation';
import type { CallTransport, ParticipantState, RemoteParticipant } from '../call/types';
import type { LocalMedia } from '../devices/localMedia';
import { RecordingStatus, useRecording } from '../recording/RecordingStatus';
import type { RecordingSession } from '../recording/recordingSession';
import { mediaProblemOf } from '../devices/mediaErrors';
import { NotesPanel } from '../notes/NotesPanel';
import { useNotesAvailable } from '../notes/roomNotes';
import { CallControls, type SidePanel } from './CallControls';
import { CallStage, type CallLayout, type SelfView } from './CallStage';
import { GuestRequests } from './GuestRequests';
import { ParticipantsPanel } from './ParticipantsPanel';
import { RemoteAudio } from './VideoTile';
import { useCallShortcuts } from './useCallShortcuts';
import type { CallPlace } from './joinCall';
import { useRoomGuests } from './useRoomGuests';
import { useSpeaking } from './useSpeaking';
import styles from '../Meetings.module.css';

export interface CallScreenProps {
  /** Where the call is: a meeting room (guests, notes) or a private chat (its chat beside the call). */
  place: CallPlace;
  title: string;
  transport: CallTransport;
  recording: RecordingSession;
  media: LocalMedia;
  self: { name: string; profileImg: string | null };
  /** A member (not a guest): in a room sees waiting guests, can remove guests, record and write the notes. Guests see the room's chat too. */
  member: boolean;
  onLeave: () => void;
}

const reactionShownMs = 4000;

function canShareScreen(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';
}

/** The call itself (SPEC §2 /meetingroom): the pictures, the controls, and the participants or chat beside them. */
export function CallScreen({ place, title, transport, recording, media, self, member, onLeave }: CallScreenProps) {
  const { t } = useTranslation();
  const local = useSyncExternalStore(media.subscribe, media.snapshot);
  const [participants, setParticipants] = useState<readonly RemoteParticipant[]>(() => transport.participants());
  const [screen, setScreen] = useState<MediaStream | null>(null);
  const [hand, setHand] = useState(false);
  const [layout, setLayout] = useState<CallLayout>('grid');
  const [panel, setPanel] = useState<SidePanel>(null);
  const [reactions, setReactions] = useState<ReadonlyMap<string, string>>(new Map());
  const meetingroom = 'meetingroom' in place ? place.meetingroom : null;
  // Guests, their admission and the notes belong to a meeting room; a private chat's call has none.
  const roomMember = member && meetingroom !== null;
  const { guests, decide } = useRoomGuests(meetingroom ?? '', roomMember);
  const recordingState = useRecording(recording);
  const notesAvailable = useNotesAvailable(meetingroom ?? '', roomMember);
  const panelTitle =
    panel === 'chat' ? t('meetings.call.chat') : panel === 'notes' ? t('meetings.notes.title') : t('meetings.call.participants');

  const canAudio = (local.stream?.getAudioTracks().length ?? 0) > 0;
  const canVideo = (local.stream?.getVideoTracks().length ?? 0) > 0;
  const state: ParticipantState = {
    audio: canAudio && local.preferences.audio,
    video: canVideo && local.preferences.video,
    screen: screen !== null,
    hand,
  };

  const showReaction = useCallback((participantId: string, emoji: string) => {
    setReactions((current) => new Map(current).set(participantId, emoji));
    setTimeout(() => {
      setReactions((current) => {
        if (current.get(participantId) !== emoji) return current;
        const next = new Map(current);
        next.delete(participantId);
        return next;
      });
    }, reactionShownMs);
  }, []);

  useEffect(
    () =>
      transport.subscribe((event) => {
        if (event.type === 'participants') setParticipants(event.participants);
        else if (event.type === 'reaction') showReaction(event.participantId, event.emoji);
      }),
    [transport, showReaction],
  );
  // A device switched or lost during the call: send the new track in place of the old one.
  useEffect(() => media.onTrack((kind, track) => void transport.replaceTrack(kind, track)), [media, transport]);

  const toggleMicrophone = () => {
    if (!canAudio) return;
    media.setEnabled('audio', !state.audio);
    transport.setState({ audio: !state.audio });
  };
  const toggleCamera = () => {
    if (!canVideo) return;
    media.setEnabled('video', !state.video);
    transport.setState({ video: !state.video });
  };
  useCallShortcuts(toggleMicrophone, toggleCamera);

  const stopSharing = useCallback(() => {
    transport.stopScreenShare();
    setScreen((current) => {
      for (const track of current?.getTracks() ?? []) track.stop();
      return null;
    });
  }, [transport]);

  const toggleShare = async () => {
    if (screen) return stopSharing();
    try {
      const shared = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      // The browser's own "Stop sharing" ends the track.
      for (const track of shared.getVideoTracks()) track.addEventListener('ended', stopSharing);
      transport.startScreenShare(shared);
      setScreen(shared);
    } catch (error) {
      // Cancelling the browser's picker is a choice, not an error.
      if (mediaProblemOf(error) !== 'refused') showToast({ message: t('meetings.call.shareFailed'), icon: 'info' });
    }
  };

  useEffect(() => () => screen?.getTracks().forEach((track) => track.stop()), [screen]);
  useEffect(() => recording.setLocalScreen(screen), [recording, screen]);

  const recordsHere = recordingState.phase === 'starting' || recordingState.phase === 'recording';
  const toggleRecording = () => void (recordsHere ? recording.stop() : recording.start());

  const toggleHand = () => {
    transport.setState({ hand: !hand });
    setHand(!hand);
  };
  const react = (emoji: string) => {
    transport.sendReaction(emoji);
    showReaction(transport.selfId, emoji);
  };

  const removeGuest = async (invitedId: string, name: string) => {
    const result = await openDialog({
      title: t('meetings.guests.removeTitle', { name }),
      description: t('meetings.guests.removeDescription'),
      primaryLabel: t('meetings.guests.remove'),
      tone: 'danger',
    });
    if (result.confirmed) await decide(invitedId, 'removed');
  };

  const voices = useMemo(() => {
    const map = new Map<string, MediaStream>();
    if (local.stream && state.audio) map.set(transport.selfId, local.stream);
    for (const participant of participants) if (participant.camera && participant.state.audio) map.set(participant.id, participant.camera);
    return map;
  }, [local.stream, state.audio, participants, transport.selfId]);
  const voicesKey = [...voices].map(([id, stream]) => `${id}:${stream.id}:${stream.getAudioTracks().length}`).join(',');
  const { speaking, activeSpeaker } = useSpeaking(voices, voicesKey);

  const selfView: SelfView = {
    id: transport.selfId,
    name: self.name,
    profileImg: self.profileImg,
    camera: local.stream,
    cameraVersion: local.version,
    screen,
    state,
  };

  return (
    <div className={styles.call}>
      <header className={styles.callHeader}>
        <h1 className={styles.callTitle} tabIndex={-1}>
          {title}
        </h1>
        <span className={styles.muted}>{t('meetings.call.participantsCount', { count: participants.length + 1 })}</span>
        <RecordingStatus session={recording} selfId={transport.selfId} />
      </header>
      {local.lost && (
        <p className={styles.callNotice} role="alert">
          {t(`meetings.devices.${local.lost}.lost`)} {t('meetings.devices.lostHint')}
        </p>
      )}
      {roomMember && <GuestRequests guests={guests} decide={decide} />}
      <div className={styles.callBody}>
        <main className={styles.stage} aria-label={t('meetings.call.stage')}>
          <CallStage
            self={selfView}
            participants={participants}
            speaking={speaking}
            activeSpeaker={activeSpeaker}
            layout={layout}
            reactions={reactions}
          />
        </main>
        {panel && (
          <aside className={styles.sidePanel} aria-label={panelTitle}>
            <div className={styles.sidePanelHeader}>
              <h2 className={styles.sidePanelTitle}>{panelTitle}</h2>
              <Button
                iconOnly
                variant="ghost"
                size="sm"
                icon={<X size={16} aria-hidden />}
                aria-label={t('meetings.call.closePanel')}
                onClick={() => setPanel(null)}
              />
            </div>
            {panel === 'chat' ? (
              <div className={styles.chatPanel}>
                <Conversation {...place} placeholder={t('meetings.call.chatPlaceholder', { name: title })} />
              </div>
            ) : panel === 'notes' && meetingroom !== null ? (
              <div className={styles.chatPanel}>
                <NotesPanel meetingroom={meetingroom} />
              </div>
            ) : (
              <ParticipantsPanel
                self={selfView}
                participants={participants}
                speaking={speaking}
                onRemoveGuest={roomMember ? (invitedId, name) => void removeGuest(invitedId, name) : null}
              />
            )}
          </aside>
        )}
      </div>
      <CallControls
        audio={state.audio}
        video={state.video}
        canAudio={canAudio}
        canVideo={canVideo}
        sharing={screen !== null}
        // A LiveKit server refuses a guest's screen share (their token has no right to it).
        canShare={canShareScreen() && (member || transport.kind === 'mesh')}
        hand={hand}
        layout={layout}
        panel={panel}
        notesAvailable={notesAvailable}
        participantCount={participants.length + 1}
        recording={
          member && recording.supported
            ? {
                active: recordsHere,
                // One recording at a time: while someone else records, there is nothing to start.
                available: recordsHere || (recordingState.running === null && recordingState.phase !== 'saving'),
              }
            : null
        }
        onRecord={toggleRecording}
        onMicrophone={toggleMicrophone}
        onCamera={toggleCamera}
        onShare={() => void toggleShare()}
        onHand={toggleHand}
        onReaction={react}
        onLayout={() => setLayout(layout === 'grid' ? 'speaker' : 'grid')}
        onPanel={setPanel}
        onLeave={onLeave}
      />
      {participants.map((participant) =>
        participant.camera ? <RemoteAudio key={participant.id} stream={participant.camera} speaker={local.preferences.speaker} /> : null,
      )}
    </div>
  );
}
