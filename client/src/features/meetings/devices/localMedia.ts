/**
 * This browser's microphone and camera for a call: asks for them with the remembered devices, lists the devices (their
 * labels appear once permission is given), switches devices, and notices when one is unplugged (devicechange, track
 * ended) or refused, so screens can say what happened instead of freezing. One stream object is kept for the whole
 * visit; switching a device swaps the track inside it and tells listeners, so the call can replace what it sends.
 */
import { availableChoice, readDevicePreferences, writeDevicePreferences, type DevicePreferences } from './devicePreferences';
import { mediaProblemOf, type MediaProblem } from './mediaErrors';

export type MediaKind = 'audio' | 'video';

export interface LocalMediaSnapshot {
  /** True once the first request for devices finished (given or not). */
  ready: boolean;
  stream: MediaStream | null;
  microphones: readonly MediaDeviceInfo[];
  speakers: readonly MediaDeviceInfo[];
  cameras: readonly MediaDeviceInfo[];
  preferences: DevicePreferences;
  problems: Record<MediaKind, MediaProblem | null>;
  /** A device that stopped during the visit (unplugged, taken by another app). */
  lost: MediaKind | null;
  /** Changes with every track swap, so views holding the same stream know to redraw. */
  version: number;
}

type MediaDevicesLike = Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices' | 'addEventListener' | 'removeEventListener'>;

export interface LocalMediaOptions {
  mediaDevices?: MediaDevicesLike | undefined;
  storage?: Storage | undefined;
  createStream?: () => MediaStream;
}

const videoConstraints = { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } };

export class LocalMedia {
  private snapshotValue: LocalMediaSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly trackListeners = new Set<(kind: MediaKind, track: MediaStreamTrack | null) => void>();
  private readonly mediaDevices: MediaDevicesLike | undefined;
  private readonly storage: Storage | undefined;
  private readonly stream: MediaStream | null;
  /** Bumped by every start and stop: an answer from the browser for an earlier start is dropped (React may start, stop and start again). */
  private generation = 0;
  private stopped = false;
  private readonly onDeviceChange = () => void this.refreshDevices();

  constructor(options: LocalMediaOptions = {}) {
    this.mediaDevices = 'mediaDevices' in options ? options.mediaDevices : globalThis.navigator?.mediaDevices;
    this.storage = options.storage ?? globalThis.localStorage;
    this.stream = this.mediaDevices ? (options.createStream ?? (() => new MediaStream()))() : null;
    this.snapshotValue = {
      ready: false,
      stream: this.stream,
      microphones: [],
      speakers: [],
      cameras: [],
      preferences: readDevicePreferences(this.storage),
      problems: { audio: null, video: null },
      lost: null,
      version: 0,
    };
  }

  snapshot = (): LocalMediaSnapshot => this.snapshotValue;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called with the new track each time the microphone or camera track changes (device switch, recovery). */
  onTrack(listener: (kind: MediaKind, track: MediaStreamTrack | null) => void): () => void {
    this.trackListeners.add(listener);
    return () => this.trackListeners.delete(listener);
  }

  async start(): Promise<void> {
    this.stopped = false;
    const generation = ++this.generation;
    const mediaDevices = this.mediaDevices;
    if (!mediaDevices) {
      this.update({ ready: true, problems: { audio: 'unsupported', video: 'unsupported' } });
      return;
    }
    mediaDevices.addEventListener('devicechange', this.onDeviceChange);
    await this.refreshDevices();
    const { preferences } = this.snapshotValue;
    const microphone = availableChoice(preferences.microphone, this.snapshotValue.microphones);
    const camera = availableChoice(preferences.camera, this.snapshotValue.cameras);
    try {
      // One request for both, so the browser asks once.
      const stream = await mediaDevices.getUserMedia({ audio: this.audioConstraints(microphone), video: this.videoConstraintsFor(camera) });
      if (generation !== this.generation) return stopAll(stream);
      for (const track of stream.getTracks()) this.putTrack(track.kind === 'audio' ? 'audio' : 'video', track);
      this.update({ problems: { audio: null, video: null } });
    } catch {
      // Find out which of the two fails, and keep the other.
      await Promise.all([this.acquire('audio', microphone), this.acquire('video', camera)]);
    }
    if (generation !== this.generation) return;
    await this.refreshDevices();
    this.update({ ready: true });
  }

  async selectDevice(kind: MediaKind | 'speaker', deviceId: string): Promise<void> {
    const preferences = { ...this.snapshotValue.preferences };
    if (kind === 'speaker') preferences.speaker = deviceId || null;
    else if (kind === 'audio') preferences.microphone = deviceId || null;
    else preferences.camera = deviceId || null;
    this.savePreferences(preferences);
    if (kind !== 'speaker') await this.acquire(kind, deviceId || null);
  }

  setEnabled(kind: MediaKind, enabled: boolean): void {
    for (const track of this.tracksOf(kind)) track.enabled = enabled;
    this.savePreferences({ ...this.snapshotValue.preferences, [kind]: enabled });
  }

  /** Asks again for a device that was refused or missing (after the person fixed it). */
  async retry(kind: MediaKind): Promise<void> {
    const preferences = this.snapshotValue.preferences;
    await this.acquire(kind, kind === 'audio' ? preferences.microphone : preferences.camera);
    await this.refreshDevices();
  }

  stop(): void {
    this.stopped = true;
    this.generation += 1;
    this.mediaDevices?.removeEventListener('devicechange', this.onDeviceChange);
    for (const track of this.stream?.getTracks() ?? []) {
      track.onended = null;
      track.stop();
      this.stream?.removeTrack(track);
    }
  }

  private async acquire(kind: MediaKind, deviceId: string | null): Promise<void> {
    if (!this.mediaDevices) return;
    const generation = this.generation;
    try {
      const stream = await this.mediaDevices.getUserMedia(
        kind === 'audio' ? { audio: this.audioConstraints(deviceId) } : { video: this.videoConstraintsFor(deviceId) },
      );
      if (generation !== this.generation) return stopAll(stream);
      const track = stream.getTracks()[0];
      if (track) this.putTrack(kind, track);
      this.update({
        problems: { ...this.snapshotValue.problems, [kind]: null },
        lost: this.snapshotValue.lost === kind ? null : this.snapshotValue.lost,
      });
    } catch (error) {
      this.update({ problems: { ...this.snapshotValue.problems, [kind]: mediaProblemOf(error) } });
    }
  }

  private putTrack(kind: MediaKind, track: MediaStreamTrack): void {
    const stream = this.stream;
    if (!stream) return;
    for (const old of this.tracksOf(kind)) {
      old.onended = null;
      old.stop();
      stream.removeTrack(old);
    }
    track.enabled = this.snapshotValue.preferences[kind];
    // Unplugged, or taken by the system: say so, and fall back to the default device if there is one.
    track.onended = () => {
      if (this.stopped) return;
      stream.removeTrack(track);
      this.update({ lost: kind, problems: { ...this.snapshotValue.problems, [kind]: 'missing' } });
      for (const listener of this.trackListeners) listener(kind, null);
      void this.refreshDevices().then(() => this.acquire(kind, null));
    };
    stream.addTrack(track);
    this.update({});
    for (const listener of this.trackListeners) listener(kind, track);
  }

  private async refreshDevices(): Promise<void> {
    if (!this.mediaDevices) return;
    let devices: MediaDeviceInfo[];
    try {
      devices = await this.mediaDevices.enumerateDevices();
    } catch {
      return;
    }
    this.update({
      microphones: devices.filter((device) => device.kind === 'audioinput'),
      speakers: devices.filter((device) => device.kind === 'audiooutput'),
      cameras: devices.filter((device) => device.kind === 'videoinput'),
    });
    // A device plugged back in after it was missing: take it.
    for (const kind of ['audio', 'video'] as const) {
      const list = kind === 'audio' ? this.snapshotValue.microphones : this.snapshotValue.cameras;
      if (
        this.snapshotValue.ready &&
        this.snapshotValue.problems[kind] === 'missing' &&
        list.length > 0 &&
        this.tracksOf(kind).length === 0
      ) {
        await this.acquire(kind, null);
      }
    }
  }

  private tracksOf(kind: MediaKind): MediaStreamTrack[] {
    if (!this.stream) return [];
    return kind === 'audio' ? this.stream.getAudioTracks() : this.stream.getVideoTracks();
  }

  private audioConstraints(deviceId: string | null): MediaTrackConstraints | boolean {
    return deviceId
      ? { deviceId: { exact: deviceId }, echoCancellation: true, noiseSuppression: true }
      : { echoCancellation: true, noiseSuppression: true };
  }

  private videoConstraintsFor(deviceId: string | null): MediaTrackConstraints {
    return deviceId ? { ...videoConstraints, deviceId: { exact: deviceId } } : videoConstraints;
  }

  private savePreferences(preferences: DevicePreferences): void {
    writeDevicePreferences(preferences, this.storage);
    this.update({ preferences });
  }

  private update(change: Partial<LocalMediaSnapshot>): void {
    this.snapshotValue = { ...this.snapshotValue, ...change, version: this.snapshotValue.version + 1 };
    for (const listener of this.listeners) listener();
  }
}

function stopAll(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
