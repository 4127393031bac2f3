/**
 * One joined call's recording, as this tab sees it: the call's running recording (whoever records it) and, when this
 * tab records, its recorder and what happens to the file afterwards (uploaded into the room's space, or offered as a
 * download for an ad hoc room, which has no files). It outlives the call screen, so an upload started by leaving goes on.
 */
import { request } from '../../../lib/graphql';
import { uploadFile, type UploadTarget } from '../../files/upload';
import { CallRecorder, canRecordCalls, type RecordingSource } from './callRecorder';
import { callRecordingDocument, startRecordingDocument, stopRecordingDocument, type CallRecordingInfo } from './operations';
import { withWebmDuration } from './webmDuration';

export type OwnRecordingPhase = 'idle' | 'starting' | 'recording' | 'saving' | 'uploaded' | 'download' | 'failed';

export interface RecordingSnapshot {
  /** The call's running recording (anyone's), or null. */
  running: CallRecordingInfo | null;
  /** What this tab's own recording is doing. */
  phase: OwnRecordingPhase;
  /** Upload progress from 0 to 1 while saving. */
  progress: number;
  fileName: string | null;
  /** The file to download, for a room without a space. */
  downloadUrl: string | null;
  /** Why starting or saving failed (shown in the user's language by the status). */
  failure: unknown;
  failedToStart: boolean;
}

export interface RecordingSessionOptions {
  videocall: string;
  attendee: string;
  /** Where the call is: a room's recording is kept in its space's files, a private chat's in that chat's. */
  place: { meetingroom: string } | { privat: string };
  roomName: string;
  /** This tab's camera first, then everyone else's pictures. */
  sources: () => readonly RecordingSource[];
  /** The media server records the call (LiveKit egress, into the space's files): this tab records nothing itself. */
  recordsOnServer?: boolean;
}

const idle: RecordingSnapshot = {
  running: null,
  phase: 'idle',
  progress: 0,
  fileName: null,
  downloadUrl: null,
  failure: null,
  failedToStart: false,
};

/** `<room name> <date and time>.webm`, without characters file systems refuse. */
export function recordingFileName(roomName: string, at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}.${pad(at.getMinutes())}`;
  const name = roomName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Call';
  return `${name} ${stamp}.webm`;
}

export class RecordingSession {
  private state: RecordingSnapshot = idle;
  private readonly listeners = new Set<() => void>();
  private recorder: CallRecorder | null = null;
  private ownRecordingId: string | null = null;
  private destination: UploadTarget | null = null;
  private changeHeard = false;
  private localScreen: MediaStream | null = null;
  /** When this tab's recorder started (performance.now()), for the duration written into the file. */
  private recordingSince = 0;

  constructor(private readonly options: RecordingSessionOptions) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.state;

  get supported(): boolean {
    return this.options.recordsOnServer === true || canRecordCalls();
  }

  /** Learns the call's space and a recording already running when this tab joined. */
  async load(): Promise<void> {
    const { getVideocalls } = await request(callRecordingDocument, this.options.place, { handledByCaller: true });
    const call = getVideocalls.find((videocall) => videocall.id === this.options.videocall);
    // An ad hoc room has neither: its recording is offered as a download.
    this.destination = call?.project ? { project: call.project } : call?.privat ? { privat: call.privat } : null;
    // A change heard meanwhile is newer than this answer.
    if (!this.changeHeard && call?.recording?.active) this.update({ running: call.recording });
  }

  /** A `recording` change of the call's subscription. */
  hear(recording: CallRecordingInfo): void {
    this.changeHeard = true;
    this.update({ running: recording.active ? recording : null });
    // Stopped by someone else (a room admin) or by the server (the call finished): this tab still saves what it has.
    if (!recording.active && recording.id === this.ownRecordingId && this.state.phase === 'recording') void this.save();
  }

  async start(): Promise<void> {
    if (this.state.phase === 'starting' || this.state.phase === 'recording' || this.state.phase === 'saving') return;
    this.revokeDownload();
    this.update({ ...idle, running: this.state.running, phase: 'starting' });
    try {
      const { startRecording } = await request(startRecordingDocument, { videocall: this.options.videocall }, { handledByCaller: true });
      this.ownRecordingId = startRecording;
      try {
        if (!this.options.recordsOnServer) this.recorder = new CallRecorder(() => this.sources());
        this.recordingSince = performance.now();
      } catch (error) {
        void this.stopOnServer();
        throw error;
      }
      this.update({ phase: 'recording' });
    } catch (error) {
      this.ownRecordingId = null;
      this.update({ phase: 'failed', failedToStart: true, failure: error });
    }
  }

  /** Stops this tab's recording (the Stop button, or leaving the call) and saves the file. */
  async stop(): Promise<void> {
    if (this.state.phase !== 'recording') return;
    // The recorder stops now, before the call's streams go away; the server is told alongside.
    const saving = this.save();
    await this.stopOnServer();
    await saving;
  }

  /** The page goes away: nothing can be saved any more, but the others should not see a recording that no longer runs. */
  abandon(): void {
    if (this.state.phase !== 'recording') return;
    void this.recorder?.stop();
    void this.stopOnServer();
  }

  /** This tab's shared screen, recorded as one more picture while it is shared. */
  setLocalScreen(stream: MediaStream | null): void {
    this.localScreen = stream;
  }

  private sources(): RecordingSource[] {
    const sources = [...this.options.sources()];
    if (this.localScreen) sources.push({ key: 'self:screen', name: sources[0]?.name ?? '', stream: this.localScreen });
    return sources;
  }

  dispose(): void {
    this.revokeDownload();
    this.listeners.clear();
  }

  private async stopOnServer(): Promise<void> {
    const pipelineId = this.ownRecordingId;
    if (!pipelineId) return;
    // Already stopped (by an admin, or the call finished) is what stopping wants: no error.
    await request(stopRecordingDocument, { pipelineId }, { handledByCaller: true }).catch(() => undefined);
  }

  private async save(): Promise<void> {
    const recorder = this.recorder;
    if (!recorder) {
      // Recorded by the media server: it saves the file; this tab only stops showing its own recording.
      if (this.state.phase === 'recording') this.update({ phase: 'idle' });
      return;
    }
    this.recorder = null;
    this.update({ phase: 'saving', progress: 0 });
    const durationMs = performance.now() - this.recordingSince;
    const blob = await withWebmDuration(await recorder.stop(), durationMs);
    const fileName = recordingFileName(this.options.roomName, new Date());
    this.ownRecordingId = null;
    if (!this.destination) {
      this.update({ phase: 'download', fileName, downloadUrl: URL.createObjectURL(blob) });
      return;
    }
    const file = new File([blob], fileName, { type: recorder.mimeType });
    try {
      await uploadFile(file, this.destination, {
        onProgress: ({ loaded, total }) => this.update({ progress: total > 0 ? loaded / total : 0 }),
      });
      this.update({ phase: 'uploaded', progress: 1, fileName });
    } catch (error) {
      // The file is not lost: it can still be downloaded.
      this.update({
        phase: 'failed',
        fileName,
        downloadUrl: URL.createObjectURL(blob),
        failure: error,
      });
    }
  }

  private revokeDownload() {
    if (this.state.downloadUrl) URL.revokeObjectURL(this.state.downloadUrl);
  }

  private update(change: Partial<RecordingSnapshot>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}
