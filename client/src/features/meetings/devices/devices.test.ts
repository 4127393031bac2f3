import { describe, expect, it } from 'vitest';
import {
  availableChoice,
  defaultDevicePreferences,
  devicePreferencesKey,
  readDevicePreferences,
  writeDevicePreferences,
} from './devicePreferences';
import { levelOf, rootMeanSquare, smoothLevel, SpeakingDetector } from './levelMeter';
import { mediaProblemOf } from './mediaErrors';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('device choice memory', () => {
  it('remembers the chosen devices and toggles across visits', () => {
    const storage = memoryStorage();
    const chosen = { microphone: 'mic-2', speaker: 'speaker-1', camera: 'cam-3', audio: false, video: true };
    writeDevicePreferences(chosen, storage);
    expect(readDevicePreferences(storage)).toEqual(chosen);
    expect(JSON.parse(storage.values.get(devicePreferencesKey) ?? '')).toEqual(chosen);
  });

  it('starts from the defaults when nothing or something unreadable is stored', () => {
    expect(readDevicePreferences(memoryStorage())).toEqual(defaultDevicePreferences);
    const storage = memoryStorage();
    storage.setItem(devicePreferencesKey, '{not json');
    expect(readDevicePreferences(storage)).toEqual(defaultDevicePreferences);
    storage.setItem(devicePreferencesKey, JSON.stringify({ microphone: 42, camera: '', audio: 'yes', video: false }));
    expect(readDevicePreferences(storage)).toEqual({ ...defaultDevicePreferences, video: false });
  });

  it('keeps working when storage refuses to write', () => {
    const throwing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeDevicePreferences(defaultDevicePreferences, throwing)).not.toThrow();
  });

  it('falls back to the default device when the remembered one is unplugged', () => {
    const devices = [{ deviceId: 'cam-1' }, { deviceId: 'cam-2' }];
    expect(availableChoice('cam-2', devices)).toBe('cam-2');
    expect(availableChoice('cam-9', devices)).toBeNull();
    expect(availableChoice(null, devices)).toBeNull();
  });
});

describe('level meter math', () => {
  it('computes the root mean square of samples', () => {
    expect(rootMeanSquare([])).toBe(0);
    expect(rootMeanSquare([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
    expect(rootMeanSquare([1, 0, -1, 0])).toBeCloseTo(Math.SQRT1_2);
  });

  it('maps loudness on a decibel scale: silence 0, -60 dBFS 0, -30 dBFS one half, full scale 1', () => {
    expect(levelOf(new Float32Array(128))).toBe(0);
    expect(levelOf(new Array<number>(128).fill(0.001))).toBeCloseTo(0);
    expect(levelOf(new Array<number>(128).fill(10 ** (-30 / 20)))).toBeCloseTo(0.5);
    expect(levelOf(new Array<number>(128).fill(1))).toBeCloseTo(1);
    expect(levelOf(new Array<number>(128).fill(4))).toBe(1);
  });

  it('rises at once and falls slowly', () => {
    expect(smoothLevel(0.2, 0.9)).toBe(0.9);
    expect(smoothLevel(0.8, 0)).toBeCloseTo(0.68);
    expect(smoothLevel(0.8, 0.75)).toBe(0.75);
  });

  it('detects speaking with hysteresis: starts above the threshold, stops only after a quiet hold', () => {
    const detector = new SpeakingDetector(0.35, 0.25, 600);
    expect(detector.update(0.1, 0)).toBe(false);
    expect(detector.update(0.5, 100)).toBe(true);
    // Between the two thresholds: still speaking.
    expect(detector.update(0.3, 200)).toBe(true);
    expect(detector.update(0.1, 300)).toBe(true);
    expect(detector.update(0.1, 800)).toBe(true);
    // A word within the hold restarts it.
    expect(detector.update(0.6, 850)).toBe(true);
    expect(detector.update(0.1, 900)).toBe(true);
    expect(detector.update(0.1, 1500)).toBe(false);
  });
});

describe('media errors', () => {
  it('tells a refused device from a missing, busy or unsupported one', () => {
    const named = (name: string) => Object.assign(new Error(name), { name });
    expect(mediaProblemOf(named('NotAllowedError'))).toBe('refused');
    expect(mediaProblemOf(named('NotFoundError'))).toBe('missing');
    expect(mediaProblemOf(named('OverconstrainedError'))).toBe('missing');
    expect(mediaProblemOf(named('NotReadableError'))).toBe('busy');
    expect(mediaProblemOf(new TypeError('no mediaDevices'))).toBe('unsupported');
    expect(mediaProblemOf({ name: 'NotAllowedError' })).toBe('refused');
    expect(mediaProblemOf('weird')).toBe('failed');
  });
});
