// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CanvasRecorder, type RecordingSource } from './canvasRecorder';
import { drawCallGrid, gridOf } from './callRecorder';

/** A fake MediaRecorder: states as the browser's, a chunk on each requestData-like step, stop fires 'stop'. */
class FakeMediaRecorder extends EventTarget {
  static isTypeSupported = (type: string) => type === 'video/webm';
  static last: FakeMediaRecorder | null = null;
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  readonly mimeType = 'video/webm';
  constructor(readonly stream: MediaStream) {
    super();
    FakeMediaRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  emit(text: string) {
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob([text]) }));
  }
  stop() {
    this.emit('end');
    this.state = 'inactive';
    this.dispatchEvent(new Event('stop'));
  }
}

class FakeAudioContext {
  static sources: { stream: MediaStream; connected: boolean }[] = [];
  closed = false;
  createMediaStreamDestination() {
    return { stream: fakeStream([]) };
  }
  createMediaStreamSource(stream: MediaStream) {
    const source = { stream, connected: false };
    FakeAudioContext.sources.push(source);
    return {
      connect: () => (source.connected = true),
      disconnect: () => (source.connected = false),
    };
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

function fakeStream(kinds: ('video' | 'audio')[]): MediaStream {
  const tracks = kinds.map((kind) => ({ kind, enabled: true, readyState: 'live', stop: vi.fn() }));
  return {
    id: Math.random().toString(36),
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
  } as unknown as MediaStream;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeAudioContext.sources = [];
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal(
    'MediaStream',
    class {
      constructor(readonly tracks: unknown[]) {}
    },
  );
  HTMLCanvasElement.prototype.captureStream = () => fakeStream(['video']);
  // happy-dom draws nothing: any context will do, the layout is a spy.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as RenderingContext);
  HTMLMediaElement.prototype.play = () => Promise.resolve();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CanvasRecorder', () => {
  it('draws the layout on a timer, mixes each stream with sound once, pauses, resumes and stops into one file', async () => {
    const microphone: RecordingSource = { key: 'microphone', name: '', stream: fakeStream(['audio']) };
    const screen: RecordingSource = { key: 'screen', name: '', stream: fakeStream(['video', 'audio']) };
    let sources = [screen, microphone];
    const layout = vi.fn();
    const recorder = new CanvasRecorder({ sources: () => sources, layout, framesPerSecond: 10 });
    const media = FakeMediaRecorder.last!;
    expect(recorder.state).toBe('recording');
    const drawnBefore = layout.mock.calls.length;
    vi.advanceTimersByTime(1000);
    expect(layout.mock.calls.length - drawnBefore).toBe(10);
    expect(FakeAudioContext.sources.map((source) => source.stream)).toEqual([screen.stream, microphone.stream]);

    // The microphone goes: its voice leaves the mix.
    sources = [screen];
    vi.advanceTimersByTime(100);
    expect(FakeAudioContext.sources.find((source) => source.stream === microphone.stream)?.connected).toBe(false);

    media.emit('first');
    recorder.pause();
    expect(recorder.state).toBe('paused');
    expect(media.state).toBe('paused');
    recorder.resume();
    expect(recorder.state).toBe('recording');

    const file = await recorder.stop();
    expect(recorder.state).toBe('stopped');
    expect(await file.text()).toBe('firstend');
    expect(file.type).toBe('video/webm');
    // Pausing or resuming a stopped recorder does nothing; stopping again gives the same file.
    recorder.pause();
    expect(media.state).toBe('inactive');
    expect(await recorder.stop()).toBe(file);
    const drawnAtStop = layout.mock.calls.length;
    vi.advanceTimersByTime(1000);
    expect(layout.mock.calls.length).toBe(drawnAtStop);
  });
});

describe('the call grid', () => {
  it('lays out tiles in a near-square grid', () => {
    expect(gridOf(1)).toEqual({ columns: 1, rows: 1 });
    expect(gridOf(3)).toEqual({ columns: 2, rows: 2 });
    expect(gridOf(5)).toEqual({ columns: 3, rows: 2 });
  });

  it('draws each picture in its tile, and a name for everyone', () => {
    const calls: string[] = [];
    const context = {
      fillRect: () => calls.push('rect'),
      drawImage: (_image: unknown, x: number, y: number) => calls.push(`image ${x},${y}`),
      fillText: (text: string) => calls.push(`text ${text}`),
    } as unknown as CanvasRenderingContext2D;
    const picture = { videoWidth: 640, videoHeight: 360 } as HTMLVideoElement;
    const ada: RecordingSource = { key: 'ada', name: 'Ada', stream: fakeStream(['video']) };
    const grace: RecordingSource = { key: 'grace', name: 'Grace', stream: fakeStream(['audio']) };
    drawCallGrid({ context, width: 1280, height: 720, pictureOf: (source) => (source === ada ? picture : null) }, [ada, grace]);
    expect(calls.filter((call) => call.startsWith('image'))).toEqual(['image 0,180']);
    expect(calls.filter((call) => call.startsWith('text'))).toEqual(['text Ada', 'text Grace']);
  });
});
