import { describe, expect, it, vi } from 'vitest';
import { FakeStream, FakeTrack } from '../call/fakePeerConnection';
import { devicePreferencesKey } from './devicePreferences';
import { LocalMedia } from './localMedia';

function named(name: string) {
  return Object.assign(new Error(name), { name });
}

function device(kind: MediaDeviceKind, deviceId: string): MediaDeviceInfo {
  return { kind, deviceId, label: `${kind} ${deviceId}`, groupId: '', toJSON: () => ({}) };
}

function fakeDevices(options: { refuse?: 'audio' | 'video'; devices?: MediaDeviceInfo[] } = {}) {
  const devices = options.devices ?? [device('audioinput', 'mic-1'), device('audioinput', 'mic-2'), device('videoinput', 'cam-1')];
  const requests: MediaStreamConstraints[] = [];
  const listeners = new Set<() => void>();
  const mediaDevices = {
    getUserMedia: vi.fn((constraints: MediaStreamConstraints) => {
      requests.push(constraints);
      if (options.refuse && constraints[options.refuse]) return Promise.reject(named('NotAllowedError'));
      const tracks: FakeTrack[] = [];
      if (constraints.audio) tracks.push(new FakeTrack('audio'));
      if (constraints.video) tracks.push(new FakeTrack('video'));
      return Promise.resolve(new FakeStream(undefined, tracks) as unknown as MediaStream);
    }),
    enumerateDevices: vi.fn(() => Promise.resolve(devices)),
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
  };
  return { mediaDevices: mediaDevices as unknown as MediaDevices, requests, listeners, devices };
}

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
    key: () => null,
    get length() {
      return values.size;
    },
  };
}

const createStream = () => new FakeStream() as unknown as MediaStream;

describe('LocalMedia', () => {
  it('asks once for both, lists the devices and puts both tracks in one stream', async () => {
    const fake = fakeDevices();
    const media = new LocalMedia({ mediaDevices: fake.mediaDevices, storage: memoryStorage(), createStream });
    await media.start();
    const snapshot = media.snapshot();
    expect(fake.requests).toHaveLength(1);
    expect(snapshot.ready).toBe(true);
    expect(snapshot.stream?.getTracks().map((track) => track.kind)).toEqual(['audio', 'video']);
    expect(snapshot.microphones.map((microphone) => microphone.deviceId)).toEqual(['mic-1', 'mic-2']);
    expect(snapshot.problems).toEqual({ audio: null, video: null });
  });

  it('keeps the microphone when the camera is refused, and says the camera was refused', async () => {
    const fake = fakeDevices({ refuse: 'video' });
    const media = new LocalMedia({ mediaDevices: fake.mediaDevices, storage: memoryStorage(), createStream });
    await media.start();
    expect(media.snapshot().problems).toEqual({ audio: null, video: 'refused' });
    expect(
      media
        .snapshot()
        .stream?.getTracks()
        .map((track) => track.kind),
    ).toEqual(['audio']);
  });

  it('starts with the remembered microphone, and remembers a new choice', async () => {
    const fake = fakeDevices();
    const storage = memoryStorage();
    storage.setItem(devicePreferencesKey, JSON.stringify({ microphone: 'mic-2', audio: false }));
    const media = new LocalMedia({ mediaDevices: fake.mediaDevices, storage, createStream });
    await media.start();
    expect(fake.requests[0]?.audio).toMatchObject({ deviceId: { exact: 'mic-2' } });
    expect(media.snapshot().stream?.getAudioTracks()[0]?.enabled).toBe(false);

    const swapped = vi.fn();
    media.onTrack(swapped);
    await media.selectDevice('audio', 'mic-1');
    expect(fake.requests.at(-1)).toEqual({ audio: expect.objectContaining({ deviceId: { exact: 'mic-1' } }) });
    expect(swapped).toHaveBeenCalledWith('audio', expect.objectContaining({ kind: 'audio' }));
    expect(media.snapshot().stream?.getAudioTracks()).toHaveLength(1);
    expect(JSON.parse(storage.getItem(devicePreferencesKey) ?? '')).toMatchObject({ microphone: 'mic-1', audio: false });
  });

  it('says when a device disappears, and falls back to another one', async () => {
    const fake = fakeDevices();
    const media = new LocalMedia({ mediaDevices: fake.mediaDevices, storage: memoryStorage(), createStream });
    await media.start();
    const swapped = vi.fn();
    media.onTrack(swapped);
    const camera = media.snapshot().stream?.getVideoTracks()[0];
    camera?.onended?.(new Event('ended'));
    expect(media.snapshot().lost).toBe('video');
    expect(swapped).toHaveBeenCalledWith('video', null);
    await vi.waitFor(() => expect(media.snapshot().stream?.getVideoTracks()).toHaveLength(1));
    expect(media.snapshot().problems.video).toBeNull();
  });

  it('starts again cleanly after a stop, dropping what the browser answers for the earlier start', async () => {
    const fake = fakeDevices();
    const media = new LocalMedia({ mediaDevices: fake.mediaDevices, storage: memoryStorage(), createStream });
    const first = media.start();
    media.stop();
    await media.start();
    await first;
    const tracks = media.snapshot().stream?.getTracks() ?? [];
    expect(tracks.map((track) => track.kind)).toEqual(['audio', 'video']);
    expect(tracks.every((track) => (track as unknown as FakeTrack).readyState === 'live')).toBe(true);
  });

  it('says the browser has no media devices instead of waiting forever', async () => {
    const media = new LocalMedia({ mediaDevices: undefined, storage: memoryStorage() });
    await media.start();
    expect(media.snapshot()).toMatchObject({ ready: true, stream: null, problems: { audio: 'unsupported', video: 'unsupported' } });
  });
});
