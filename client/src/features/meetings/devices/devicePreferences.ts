/**
 * The devices a person chose for calls, kept in this browser (localStorage `meetings.devices`) so the next call starts
 * with them. A stored device that is no longer plugged in falls back to the system default.
 */
export interface DevicePreferences {
  microphone: string | null;
  speaker: string | null;
  camera: string | null;
  /** Join with the microphone on. */
  audio: boolean;
  /** Join with the camera on. */
  video: boolean;
}

export const devicePreferencesKey = 'meetings.devices';

export const defaultDevicePreferences: DevicePreferences = { microphone: null, speaker: null, camera: null, audio: true, video: true };

function deviceId(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= 512 ? value : null;
}

export function readDevicePreferences(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): DevicePreferences {
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(devicePreferencesKey) ?? 'null');
  } catch {
    return defaultDevicePreferences;
  }
  if (typeof stored !== 'object' || stored === null) return defaultDevicePreferences;
  const value = stored as Record<string, unknown>;
  return {
    microphone: deviceId(value.microphone),
    speaker: deviceId(value.speaker),
    camera: deviceId(value.camera),
    audio: typeof value.audio === 'boolean' ? value.audio : true,
    video: typeof value.video === 'boolean' ? value.video : true,
  };
}

export function writeDevicePreferences(
  preferences: DevicePreferences,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(devicePreferencesKey, JSON.stringify(preferences));
  } catch {
    // Storage full or blocked (private mode): the choice lasts for this page only.
  }
}

/** The device to ask for: the preferred one while it is still there, else none (the browser's default). */
export function availableChoice(preferred: string | null, devices: readonly Pick<MediaDeviceInfo, 'deviceId'>[]): string | null {
  return preferred && devices.some((device) => device.deviceId === preferred) ? preferred : null;
}
