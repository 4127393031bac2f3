/**
 * How loud a microphone is, from a Web Audio AnalyserNode: the level meter on the set-up screen and the "speaking"
 * ring in the call both read it. The math is apart from the audio graph so it is tested without a browser.
 */

/** Root mean square of time-domain samples (floats in -1..1). */
export function rootMeanSquare(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let index = 0; index < samples.length; index += 1) {
    const sample = samples[index] ?? 0;
    sum += sample * sample;
  }
  return Math.sqrt(sum / samples.length);
}

/** Quietest level shown above zero, in dBFS: room noise below it reads as silence. */
export const floorDecibels = -60;

/** A 0..1 level on a decibel scale (how loudness is heard): -60 dBFS or less is 0, full scale is 1. */
export function levelOf(samples: ArrayLike<number>): number {
  const rms = rootMeanSquare(samples);
  if (rms <= 0) return 0;
  const decibels = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (decibels - floorDecibels) / -floorDecibels));
}

/** A level that rises at once and falls slowly, so the meter does not flicker between words. */
export function smoothLevel(previous: number, next: number, fall = 0.85): number {
  return next >= previous ? next : Math.max(next, previous * fall);
}

/**
 * Speaking or not, with hysteresis: a level above `start` starts speaking at once; speaking stops only after the level
 * stayed below `stop` for `holdMs`, so pauses between words do not flicker the speaker ring or the active speaker.
 */
export class SpeakingDetector {
  speaking = false;
  private quietSince: number | null = null;

  constructor(
    private readonly start = 0.35,
    private readonly stop = 0.25,
    private readonly holdMs = 600,
  ) {}

  update(level: number, now: number): boolean {
    if (level >= this.start) {
      this.speaking = true;
      this.quietSince = null;
    } else if (this.speaking && level < this.stop) {
      this.quietSince ??= now;
      if (now - this.quietSince >= this.holdMs) {
        this.speaking = false;
        this.quietSince = null;
      }
    } else if (this.speaking) this.quietSince = null;
    return this.speaking;
  }
}

export interface LevelSource {
  /** The current level, 0..1. */
  read(): number;
  stop(): void;
}

/** A level source on a stream's audio, or null when it has none or Web Audio is missing. */
export function createLevelSource(stream: MediaStream, context: AudioContext): LevelSource | null {
  if (stream.getAudioTracks().length === 0) return null;
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  return {
    read() {
      analyser.getFloatTimeDomainData(samples);
      return levelOf(samples);
    },
    stop() {
      source.disconnect();
    },
  };
}
