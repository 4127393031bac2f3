/**
 * Records a call in this browser: a canvas draws every picture of the call as a grid about 15 times a second, Web Audio
 * mixes every voice, and MediaRecorder turns both into one WebM file.
 */

/** One picture of the call: a person's camera (with their voice) or a shared screen. */
export interface RecordingSource {
  key: string;
  name: string;
  stream: MediaStream;
}

const framesPerSecond = 15;
const width = 1280;
const height = 720;
const preferredTypes = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];

export function canRecordCalls(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    typeof AudioContext !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    typeof HTMLCanvasElement.prototype.captureStream === 'function'
  );
}

/** Rows and columns for a grid of `count` equal tiles on a 16:9 canvas. */
export function gridOf(count: number): { columns: number; rows: number } {
  const columns = Math.max(1, Math.ceil(Math.sqrt(count)));
  return { columns, rows: Math.max(1, Math.ceil(count / columns)) };
}

export class CallRecorder {
  private readonly canvas = document.createElement('canvas');
  private readonly audio = new AudioContext();
  private readonly mixed = this.audio.createMediaStreamDestination();
  private readonly videos = new Map<string, HTMLVideoElement>();
  private readonly voices = new Map<string, MediaStreamAudioSourceNode>();
  private readonly chunks: Blob[] = [];
  private readonly recorder: MediaRecorder;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly canvasStream: MediaStream;
  private stopped: Promise<Blob> | null = null;
  readonly mimeType: string;

  constructor(private readonly sources: () => readonly RecordingSource[]) {
    this.canvas.width = width;
    this.canvas.height = height;
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

  /** Keeps one audio source per stream with a microphone, connected to the mix; drops those that left. */
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
    const sources = this.sources();
    this.mixVoices(sources);
    const present = new Set(sources.map((source) => source.key));
    for (const key of this.videos.keys()) if (!present.has(key)) this.videos.delete(key);
    context.fillStyle = '#111318';
    context.fillRect(0, 0, width, height);
    const { columns, rows } = gridOf(sources.length);
    const tileWidth = width / columns;
    const tileHeight = height / rows;
    sources.forEach((source, index) => {
      const x = (index % columns) * tileWidth;
      const y = Math.floor(index / columns) * tileHeight;
      const video = this.videoFor(source);
      if (video.videoWidth > 0 && source.stream.getVideoTracks().some((track) => track.enabled && track.readyState === 'live')) {
        // Fit the picture inside its tile without stretching it.
        const scale = Math.min(tileWidth / video.videoWidth, tileHeight / video.videoHeight);
        const drawnWidth = video.videoWidth * scale;
        const drawnHeight = video.videoHeight * scale;
        context.drawImage(video, x + (tileWidth - drawnWidth) / 2, y + (tileHeight - drawnHeight) / 2, drawnWidth, drawnHeight);
      }
      context.fillStyle = 'rgba(0, 0, 0, 0.55)';
      context.fillRect(x + 8, y + tileHeight - 36, Math.min(tileWidth - 16, 16 + source.name.length * 11), 28);
      context.fillStyle = '#ffffff';
      context.font = '18px sans-serif';
      context.fillText(source.name, x + 16, y + tileHeight - 16, tileWidth - 32);
    });
  }
}
