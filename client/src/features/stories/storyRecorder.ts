/**
 * Recording a story: the screen the person picks (with its sound when the browser offers it), optionally their camera
 * as a round bubble in a corner and their microphone, composited on a canvas (the call recorder's CanvasRecorder).
 *
 *   idle → starting (asking for screen, camera, microphone) → countdown (3, 2, 1; skippable) → recording ⇄ paused
 *        → finishing → preview (the file, its duration) → idle (uploaded or discarded)
 *
 * Refusing the screen, camera or microphone ends in `failed` with the reason, nothing left running. The browser's own
 * "Stop sharing" stops the recording (or cancels the countdown).
 */
import {
  CanvasRecorder,
  canRecordCanvas,
  drawContained,
  type CanvasFrame,
  type CanvasRecorderOptions,
  type RecordingSource,
} from '../meetings/recording/canvasRecorder';
import { withWebmDuration } from '../meetings/recording/webmDuration';

export type StoryPhase = 'idle' | 'starting' | 'countdown' | 'recording' | 'paused' | 'finishing' | 'preview' | 'failed';

export type StoryFailure = 'unsupported' | 'screenRefused' | 'cameraRefused' | 'microphoneRefused' | 'recorderFailed';

export interface StoryRecording {
  blob: Blob;
  /** An object URL of the blob, for the preview; revoked when the recording is discarded or uploaded. */
  url: string;
  durationMs: number;
  mimeType: string;
}

export interface StorySnapshot {
  phase: StoryPhase;
  /** The space the story is recorded for (where it uploads). */
  project: string | null;
  /** Seconds left before recording starts, during the countdown. */
  countdown: number;
  /** Recorded time, pauses left out. */
  elapsedMs: number;
  camera: boolean;
  microphone: boolean;
  /** The camera's stream while recording, for the page's own preview of the bubble. */
  cameraStream: MediaStream | null;
  recording: StoryRecording | null;
  failure: StoryFailure | null;
}

export interface StoryChoice {
  project: string;
  camera: boolean;
  microphone: boolean;
}

/** What recording needs from the browser; tests give fakes. */
export interface StoryRecorderEnvironment {
  supported(): boolean;
  getDisplayMedia(constraints: DisplayMediaStreamOptions): Promise<MediaStream>;
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  createRecorder(options: CanvasRecorderOptions): Pick<CanvasRecorder, 'pause' | 'resume' | 'stop' | 'mimeType'>;
  finishFile(blob: Blob, durationMs: number): Promise<Blob>;
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
  now(): number;
  setInterval(callback: () => void, ms: number): ReturnType<typeof setInterval>;
  clearInterval(timer: ReturnType<typeof setInterval>): void;
}

export const browserEnvironment: StoryRecorderEnvironment = {
  supported: () => canRecordCanvas() && typeof navigator.mediaDevices?.getDisplayMedia === 'function',
  getDisplayMedia: (constraints) => navigator.mediaDevices.getDisplayMedia(constraints),
  getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
  createRecorder: (options) => new CanvasRecorder(options),
  finishFile: withWebmDuration,
  createObjectURL: (blob) => URL.createObjectURL(blob),
  revokeObjectURL: (url) => URL.revokeObjectURL(url),
  now: () => performance.now(),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (timer) => clearInterval(timer),
};

export const countdownSeconds = 3;

/** The screen fills the frame; the camera sits in a circle in the bottom-right corner with a white ring. */
export function drawStory({ context, width, height, pictureOf }: CanvasFrame, sources: readonly RecordingSource[]): void {
  context.fillStyle = '#000000';
  context.fillRect(0, 0, width, height);
  const screen = sources.find((source) => source.key === 'screen');
  const screenPicture = screen ? pictureOf(screen) : null;
  if (screenPicture) drawContained(context, screenPicture, { x: 0, y: 0, width, height });
  const camera = sources.find((source) => source.key === 'camera');
  const cameraPicture = camera ? pictureOf(camera) : null;
  if (!cameraPicture) return;
  const diameter = Math.round(height * 0.28);
  const margin = Math.round(height * 0.04);
  const centreX = width - margin - diameter / 2;
  const centreY = height - margin - diameter / 2;
  // Cover the circle with the middle square of the camera's picture.
  const side = Math.min(cameraPicture.videoWidth, cameraPicture.videoHeight);
  context.save();
  context.beginPath();
  context.arc(centreX, centreY, diameter / 2, 0, Math.PI * 2);
  context.closePath();
  context.clip();
  context.drawImage(
    cameraPicture,
    (cameraPicture.videoWidth - side) / 2,
    (cameraPicture.videoHeight - side) / 2,
    side,
    side,
    centreX - diameter / 2,
    centreY - diameter / 2,
    diameter,
    diameter,
  );
  context.restore();
  context.beginPath();
  context.arc(centreX, centreY, diameter / 2, 0, Math.PI * 2);
  context.lineWidth = 4;
  context.strokeStyle = '#ffffff';
  context.stroke();
}

const initial: StorySnapshot = {
  phase: 'idle',
  project: null,
  countdown: 0,
  elapsedMs: 0,
  camera: false,
  microphone: false,
  cameraStream: null,
  recording: null,
  failure: null,
};

export class StoryRecorder {
  private state: StorySnapshot = initial;
  private readonly listeners = new Set<() => void>();
  private streams: { screen: MediaStream; camera: MediaStream | null; microphone: MediaStream | null } | null = null;
  private recorder: ReturnType<StoryRecorderEnvironment['createRecorder']> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Recorded time before the last resume, and when recording last started or resumed. */
  private recordedMs = 0;
  private runningSince: number | null = null;
  /** Bumped by every start, cancel and discard: a slow permission prompt answered later changes nothing. */
  private attempt = 0;

  constructor(private readonly environment: StoryRecorderEnvironment = browserEnvironment) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.state;

  get supported(): boolean {
    return this.environment.supported();
  }

  /** Asks for the screen (and camera and microphone when chosen), then counts down. */
  async start(choice: StoryChoice): Promise<void> {
    if (this.state.phase !== 'idle' && this.state.phase !== 'failed') return;
    if (!this.supported) {
      this.update({ ...initial, phase: 'failed', failure: 'unsupported' });
      return;
    }
    const attempt = ++this.attempt;
    this.update({ ...initial, phase: 'starting', project: choice.project, camera: choice.camera, microphone: choice.microphone });
    const acquired: MediaStream[] = [];
    const fail = (failure: StoryFailure) => {
      for (const stream of acquired) for (const track of stream.getTracks()) track.stop();
      if (attempt === this.attempt) this.update({ ...initial, phase: 'failed', failure });
    };
    let screen: MediaStream;
    try {
      screen = await this.environment.getDisplayMedia({ video: true, audio: true });
      acquired.push(screen);
    } catch {
      fail('screenRefused');
      return;
    }
    let camera: MediaStream | null = null;
    let microphone: MediaStream | null = null;
    try {
      if (choice.camera) {
        camera = await this.environment.getUserMedia({ video: { width: 640, height: 480 }, audio: false });
        acquired.push(camera);
      }
    } catch {
      fail('cameraRefused');
      return;
    }
    try {
      if (choice.microphone) {
        microphone = await this.environment.getUserMedia({ audio: true, video: false });
        acquired.push(microphone);
      }
    } catch {
      fail('microphoneRefused');
      return;
    }
    if (attempt !== this.attempt) {
      fail('screenRefused');
      return;
    }
    this.streams = { screen, camera, microphone };
    for (const track of screen.getVideoTracks()) track.addEventListener('ended', this.onScreenEnded);
    this.update({ phase: 'countdown', countdown: countdownSeconds, cameraStream: camera });
    this.timer = this.environment.setInterval(() => this.tickCountdown(), 1000);
  }

  /** Starts recording now instead of at the end of the countdown. */
  skipCountdown(): void {
    if (this.state.phase === 'countdown') this.beginRecording();
  }

  pause(): void {
    if (this.state.phase !== 'recording' || !this.recorder) return;
    this.recorder.pause();
    this.recordedMs = this.currentElapsed();
    this.runningSince = null;
    this.update({ phase: 'paused', elapsedMs: this.recordedMs });
  }

  resume(): void {
    if (this.state.phase !== 'paused' || !this.recorder) return;
    this.recorder.resume();
    this.runningSince = this.environment.now();
    this.update({ phase: 'recording' });
  }

  /** Stops recording and shows the preview; during the countdown, cancels instead. */
  async stop(): Promise<void> {
    if (this.state.phase === 'countdown' || this.state.phase === 'starting') {
      this.cancel();
      return;
    }
    if ((this.state.phase !== 'recording' && this.state.phase !== 'paused') || !this.recorder) return;
    const recorder = this.recorder;
    this.recorder = null;
    const durationMs = this.currentElapsed();
    this.clearTimer();
    this.update({ phase: 'finishing', elapsedMs: durationMs });
    const raw = await recorder.stop();
    this.releaseStreams();
    const blob = await this.environment.finishFile(raw, durationMs).catch(() => raw);
    const recording = { blob, url: this.environment.createObjectURL(blob), durationMs, mimeType: recorder.mimeType };
    this.update({ phase: 'preview', recording, cameraStream: null });
  }

  /** Gives up before recording: streams released, back to idle. */
  cancel(): void {
    this.attempt += 1;
    this.clearTimer();
    void this.recorder?.stop();
    this.recorder = null;
    this.releaseStreams();
    this.update({ ...initial });
  }

  /** Throws the recording away (after the preview, or once uploaded) and goes back to idle. */
  discard(): void {
    if (this.state.recording) this.environment.revokeObjectURL(this.state.recording.url);
    this.cancel();
  }

  /** The page goes away: nothing keeps running. */
  dispose(): void {
    this.discard();
    this.listeners.clear();
  }

  private readonly onScreenEnded = () => {
    if (this.state.phase === 'countdown') this.cancel();
    else void this.stop();
  };

  private tickCountdown() {
    if (this.state.phase === 'countdown' && this.state.countdown > 1) this.update({ countdown: this.state.countdown - 1 });
    else if (this.state.phase === 'countdown') this.beginRecording();
    else if (this.state.phase === 'recording') this.update({ elapsedMs: this.currentElapsed() });
  }

  private beginRecording() {
    const streams = this.streams;
    if (!streams) return;
    this.clearTimer();
    const sources: RecordingSource[] = [{ key: 'screen', name: '', stream: streams.screen }];
    if (streams.camera) sources.push({ key: 'camera', name: '', stream: streams.camera });
    if (streams.microphone) sources.push({ key: 'microphone', name: '', stream: streams.microphone });
    try {
      this.recorder = this.environment.createRecorder({
        sources: () => sources,
        layout: drawStory,
        width: 1280,
        height: 720,
        framesPerSecond: 15,
      });
    } catch {
      this.releaseStreams();
      this.update({ ...initial, phase: 'failed', failure: 'recorderFailed' });
      return;
    }
    this.recordedMs = 0;
    this.runningSince = this.environment.now();
    this.update({ phase: 'recording', countdown: 0, elapsedMs: 0 });
    // The elapsed time shown in the recording bar.
    this.timer = this.environment.setInterval(() => this.tickCountdown(), 250);
  }

  private currentElapsed(): number {
    return this.recordedMs + (this.runningSince === null ? 0 : this.environment.now() - this.runningSince);
  }

  private clearTimer() {
    if (this.timer !== null) this.environment.clearInterval(this.timer);
    this.timer = null;
  }

  private releaseStreams() {
    const streams = this.streams;
    this.streams = null;
    if (!streams) return;
    for (const track of streams.screen.getVideoTracks()) track.removeEventListener('ended', this.onScreenEnded);
    for (const stream of [streams.screen, streams.camera, streams.microphone]) for (const track of stream?.getTracks() ?? []) track.stop();
  }

  private update(change: Partial<StorySnapshot>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}
