import { describe, expect, it, vi } from 'vitest';
import type { CanvasRecorderOptions } from '../meetings/recording/canvasRecorder';
import { StoryRecorder, type StoryRecorderEnvironment } from './storyRecorder';

/** A track that can be stopped, and ended by "the browser" like the Stop sharing button does. */
class FakeTrack extends EventTarget {
  stopped = false;
  constructor(readonly kind: 'video' | 'audio') {
    super();
  }
  stop() {
    this.stopped = true;
  }
  end() {
    this.dispatchEvent(new Event('ended'));
  }
}

function fakeStream(...kinds: ('video' | 'audio')[]) {
  const tracks = kinds.map((kind) => new FakeTrack(kind));
  return {
    tracks,
    stream: {
      id: Math.random().toString(36),
      getTracks: () => tracks,
      getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
      getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
    } as unknown as MediaStream,
  };
}

/** A fake MediaRecorder behind the compositor: it records what was asked of it. */
class FakeRecorder {
  state: 'recording' | 'paused' | 'inactive' = 'recording';
  readonly mimeType = 'video/webm';
  constructor(readonly options: CanvasRecorderOptions) {}
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    return Promise.resolve(new Blob(['recorded'], { type: 'video/webm' }));
  }
}

function setup(overrides: Partial<StoryRecorderEnvironment> = {}) {
  let now = 0;
  let timers: { callback: () => void; ms: number; id: number }[] = [];
  let nextTimer = 1;
  const screen = fakeStream('video', 'audio');
  const camera = fakeStream('video');
  const microphone = fakeStream('audio');
  const recorders: FakeRecorder[] = [];
  const environment: StoryRecorderEnvironment = {
    supported: () => true,
    getDisplayMedia: vi.fn(() => Promise.resolve(screen.stream)),
    getUserMedia: vi.fn((constraints: MediaStreamConstraints) => Promise.resolve(constraints.video ? camera.stream : microphone.stream)),
    createRecorder: (options) => {
      const recorder = new FakeRecorder(options);
      recorders.push(recorder);
      return recorder;
    },
    finishFile: (blob, durationMs) => Promise.resolve(new Blob([blob, String(durationMs)], { type: blob.type })),
    createObjectURL: () => 'blob:story',
    revokeObjectURL: vi.fn(),
    now: () => now,
    setInterval: (callback, ms) => {
      const id = nextTimer++;
      timers.push({ callback, ms, id });
      return id as unknown as ReturnType<typeof setInterval>;
    },
    clearInterval: (timer) => {
      timers = timers.filter((entry) => entry.id !== (timer as unknown as number));
    },
    ...overrides,
  };
  const recorder = new StoryRecorder(environment);
  /** Lets `ms` pass, firing the timers due meanwhile. */
  const advance = (ms: number) => {
    const target = now + ms;
    for (;;) {
      const step = Math.min(...timers.map((timer) => timer.ms), Infinity);
      if (!Number.isFinite(step) || now + step > target) break;
      now += step;
      for (const timer of [...timers]) if (timer.ms === step) timer.callback();
    }
    now = target;
  };
  return { recorder, environment, screen, camera, microphone, recorders, advance, timers: () => timers };
}

describe('StoryRecorder', () => {
  it('counts down 3-2-1, records screen, camera bubble and microphone, pauses without counting the pause, and previews the file', async () => {
    const { recorder, recorders, advance, screen, camera, microphone, environment } = setup();
    await recorder.start({ project: 'p1', camera: true, microphone: true });
    expect(environment.getDisplayMedia).toHaveBeenCalledWith({ video: true, audio: true });
    expect(recorder.snapshot()).toMatchObject({ phase: 'countdown', countdown: 3, cameraStream: camera.stream });
    advance(1000);
    expect(recorder.snapshot().countdown).toBe(2);
    advance(1000);
    expect(recorder.snapshot().countdown).toBe(1);
    expect(recorders).toHaveLength(0);
    advance(1000);
    expect(recorder.snapshot().phase).toBe('recording');
    expect(recorders).toHaveLength(1);
    expect(recorders[0]!.options.sources().map((source) => [source.key, source.stream])).toEqual([
      ['screen', screen.stream],
      ['camera', camera.stream],
      ['microphone', microphone.stream],
    ]);

    advance(2000);
    expect(recorder.snapshot().elapsedMs).toBe(2000);
    recorder.pause();
    expect(recorder.snapshot().phase).toBe('paused');
    expect(recorders[0]!.state).toBe('paused');
    advance(5000);
    recorder.resume();
    expect(recorders[0]!.state).toBe('recording');
    advance(1000);
    expect(recorder.snapshot().elapsedMs).toBe(3000);

    await recorder.stop();
    const state = recorder.snapshot();
    expect(state.phase).toBe('preview');
    expect(state.recording).toMatchObject({ durationMs: 3000, url: 'blob:story', mimeType: 'video/webm' });
    expect(await state.recording!.blob.text()).toBe('recorded3000');
    // Everything captured is released once recorded.
    for (const track of [...screen.tracks, ...camera.tracks, ...microphone.tracks]) expect(track.stopped).toBe(true);

    recorder.discard();
    expect(environment.revokeObjectURL).toHaveBeenCalledWith('blob:story');
    expect(recorder.snapshot().phase).toBe('idle');
  });

  it('starts at once when the countdown is skipped, and records only the screen when nothing else is chosen', async () => {
    const { recorder, recorders, environment } = setup();
    await recorder.start({ project: 'p1', camera: false, microphone: false });
    expect(environment.getUserMedia).not.toHaveBeenCalled();
    recorder.skipCountdown();
    expect(recorder.snapshot().phase).toBe('recording');
    expect(recorders[0]!.options.sources().map((source) => source.key)).toEqual(['screen']);
  });

  it('stops and previews when the browser’s own Stop sharing ends the screen', async () => {
    const { recorder, screen, advance, recorders } = setup();
    await recorder.start({ project: 'p1', camera: false, microphone: false });
    recorder.skipCountdown();
    advance(1500);
    screen.tracks[0]!.end();
    await vi.waitFor(() => expect(recorder.snapshot().phase).toBe('preview'));
    expect(recorders[0]!.state).toBe('inactive');
    expect(recorder.snapshot().recording?.durationMs).toBe(1500);
  });

  it('cancels the countdown when the screen stops being shared before recording, recording nothing', async () => {
    const { recorder, screen, recorders, timers } = setup();
    await recorder.start({ project: 'p1', camera: false, microphone: false });
    screen.tracks[0]!.end();
    expect(recorder.snapshot().phase).toBe('idle');
    expect(recorders).toHaveLength(0);
    expect(timers()).toEqual([]);
    expect(screen.tracks.every((track) => track.stopped)).toBe(true);
  });

  it('fails clearly when the screen or the camera is refused, leaving nothing captured', async () => {
    const refusedScreen = setup({ getDisplayMedia: () => Promise.reject(new DOMException('no', 'NotAllowedError')) });
    await refusedScreen.recorder.start({ project: 'p1', camera: true, microphone: true });
    expect(refusedScreen.recorder.snapshot()).toMatchObject({ phase: 'failed', failure: 'screenRefused' });

    const refusedCamera = setup({ getUserMedia: () => Promise.reject(new DOMException('no', 'NotAllowedError')) });
    await refusedCamera.recorder.start({ project: 'p1', camera: true, microphone: false });
    expect(refusedCamera.recorder.snapshot()).toMatchObject({ phase: 'failed', failure: 'cameraRefused' });
    expect(refusedCamera.screen.tracks.every((track) => track.stopped)).toBe(true);
    expect(refusedCamera.recorders).toHaveLength(0);

    // A failed start can be tried again.
    const unsupported = setup({ supported: () => false });
    await unsupported.recorder.start({ project: 'p1', camera: false, microphone: false });
    expect(unsupported.recorder.snapshot()).toMatchObject({ phase: 'failed', failure: 'unsupported' });
  });

  it('ignores pause, resume and skip outside their phases', async () => {
    const { recorder, recorders } = setup();
    recorder.pause();
    recorder.resume();
    recorder.skipCountdown();
    expect(recorder.snapshot().phase).toBe('idle');
    await recorder.start({ project: 'p1', camera: false, microphone: false });
    recorder.resume();
    expect(recorder.snapshot().phase).toBe('countdown');
    recorder.skipCountdown();
    recorder.resume();
    expect(recorders[0]!.state).toBe('recording');
  });
});
