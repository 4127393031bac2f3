/**
 * Records pictures drawn on a canvas, with sound mixed from several streams, as one WebM file. The call recorder (a
 * grid of the call's pictures) and the stories recorder (a shared screen with a round camera bubble) both draw through
 * it: it keeps one hidden video element per picture, one Web Audio source per stream with sound, and the MediaRecorder.
 */

/** One picture, or one voice, to record: a camera, a shared screen, a microphone. */
export interface RecordingSource {
  key: string;
  name: string;
  stream: MediaStream;
}

/** What a layout draws with: the canvas's size, and a playing video element for a source that has a live picture. */
export interface CanvasFrame {
  context: CanvasRenderingContext2D;
  width: number;
  height: number;
  /** The source's picture, or null while it has none (no live, enabled video track, or no frame yet). */
  pictureOf(source: RecordingSource): HTMLVideoElement | null;
}

export type CanvasLayout = (frame: CanvasFrame, sources: readonly RecordingSource[]) => void;

export interface CanvasRecorderOptions {
  sources: () => readonly RecordingSource[];
  layout: CanvasLayout;
  width?: number;
  height?: number;
  framesPerSecond?: number;
}

export type CanvasRecorderState = 'recording' | 'paused' | 'stopping' | 'stopped';

const preferredTypes = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];

/** Whether this browser has what recording on a canvas needs. */
export function canRecordCanvas(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    typeof AudioContext !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    typeof HTMLCanvasElement.prototype.captureStream === 'function'
  );
}

/** Draws `image` inside the box without stretching it (letterboxed), centred. */
export function drawContained(
  context: CanvasRenderingContext2D,
  image: HTMLVideoElement,
  box: { x: number; y: number; width: number; height: number },
): void {
  const scale = Math.min(box.width / image.videoWidth, box.height / image.videoHeight);
  const drawnWidth = image.videoWidth * scale;
  const drawnHeight = image.videoHeight * scale;
  context.drawImage(image, box.x + (box.width - drawnWidth) / 2, box.y + (box.height - drawnHeight) / 2, drawnWidth, drawnHeight);
}

export class CanvasRecorder {
  private readonly canvas = document.createElement('canvas');
  private readonly audio = new AudioContext();
  private readonly mixed = this.audio.createMediaStreamDestination();
  private readonly videos = new Map<string, HTMLVideoElement>();
  private readonly voices = new Map<string, MediaStreamAudioSourceNode>();
  private readonly chunks: Blob[] = [];
  private readonly recorder: MediaRecorder;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly canvasStream: MediaStream;
  private readonly width: number;
  private readonly height: number;
  private stopped: Promise<Blob> | null = null;
  readonly mimeType: string;

  constructor(private readonly options: CanvasRecorderOptions) {
    this.width = options.width ?? 1280;
    this.height = options.height ?? 720;
    const framesPerSecond = options.framesPerSecond ?? 15;
    this.canvas.width = this.width;
    this.canvas.height = this.height;
    this.draw();
    this.canvasStream = this.canvas.captureStream(framesPerSecond);
    const combined = new MediaStream([...this.canvasStream.getVideoTracks(), ...this.mixed.stream.getAudioTracks()]);
    const mimeType = preferredTypes.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
    this.recorder = new MediaRecorder(combined, mimeType ? { mimeType } : {});
    this.mimeType = (this.recorder.mimeType || 'video/webm').split(';')[0] ?? 'video/webm';
    this.recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) this.chunks.push(event.data);
    });
    this.recorder.start(1000);
    void this.audio.resume();
    this.timer = setInterval(() => this.draw(), 1000 / framesPerSecond);
  }

  get state(): CanvasRecorderState {
    if (this.stopped) return this.recorder.state === 'inactive' ? 'stopped' : 'stopping';
    return this.recorder.state === 'paused' ? 'paused' : 'recording';
  }

  /** Holds the file where it is: nothing is written until resume (the canvas keeps drawing, unrecorded). */
  pause(): void {
    if (!this.stopped && this.recorder.state === 'recording') this.recorder.pause();
  }

  resume(): void {
    if (!this.stopped && this.recorder.state === 'paused') this.recorder.resume();
  }

  /** Stops recording and resolves with the whole file. */
  stop(): Promise<Blob> {
    if (this.stopped) return this.stopped;
    clearInterval(this.timer);
    this.stopped = new Promise<Blob>((resolve) => {
      this.recorder.addEventListener('stop', () => {
        this.release();
        resolve(new Blob(this.chunks, { type: this.mimeType }));
      });
    });
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    return this.stopped;
  }

  private release() {
    for (const track of this.canvasStream.getTracks()) track.stop();
    for (const video of this.videos.values()) video.srcObject = null;
    this.videos.clear();
    this.voices.clear();
    void this.audio.close();
  }

  private videoFor(source: RecordingSource): HTMLVideoElement {
    let video = this.videos.get(source.key);
    if (!video || video.srcObject !== source.stream) {
      video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.srcObject = source.stream;
      void video.play().catch(() => undefined);
      this.videos.set(source.key, video);
    }
    return video;
  }

  /** Keeps one audio source per stream with sound, connected to the mix; drops those that left. */
  private mixVoices(sources: readonly RecordingSource[]) {
    const present = new Set<string>();
    for (const source of sources) {
      if (source.stream.getAudioTracks().length === 0) continue;
      const key = `${source.key}:${source.stream.id}`;
      present.add(key);
      if (this.voices.has(key)) continue;
      const node = this.audio.createMediaStreamSource(source.stream);
      node.connect(this.mixed);
      this.voices.set(key, node);
    }
    for (const [key, node] of this.voices) {
      if (present.has(key)) continue;
      node.disconnect();
      this.voices.delete(key);
    }
  }

  private draw() {
    const context = this.canvas.getContext('2d');
    if (!context) return;
    const sources = this.options.sources();
    this.mixVoices(sources);
    const present = new Set(sources.map((source) => source.key));
    for (const key of this.videos.keys()) if (!present.has(key)) this.videos.delete(key);
    const pictureOf = (source: RecordingSource): HTMLVideoElement | null => {
      if (source.stream.getVideoTracks().length === 0) return null;
      const video = this.videoFor(source);
      const live = source.stream.getVideoTracks().some((track) => track.enabled && track.readyState === 'live');
      return live && video.videoWidth > 0 ? video : null;
    };
    this.options.layout({ context, width: this.width, height: this.height, pictureOf }, sources);
  }
}
