import { useEffect, useState } from 'react';
import { createLevelSource, smoothLevel } from './levelMeter';

const sampleEveryMs = 66;

/** A stream's microphone level (0..1), read about 15 times a second while `active`; 0 otherwise. */
export function useAudioLevel(stream: MediaStream | null, trackVersion: number, active: boolean): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || !active || typeof AudioContext === 'undefined') return undefined;
    const context = new AudioContext();
    const source = createLevelSource(stream, context);
    if (!source) {
      void context.close();
      return undefined;
    }
    let current = 0;
    const timer = setInterval(() => {
      current = smoothLevel(current, source.read());
      setLevel(current);
    }, sampleEveryMs);
    return () => {
      clearInterval(timer);
      source.stop();
      void context.close();
    };
  }, [stream, trackVersion, active]);
  return stream && active ? level : 0;
}

/** Whether this browser can choose where sound plays (HTMLMediaElement.setSinkId). */
export function canChooseSpeaker(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}

/** Plays an element's sound on the chosen speaker where the browser allows it; the default one otherwise. */
export function applySpeaker(element: HTMLMediaElement, speaker: string | null): void {
  if (!canChooseSpeaker()) return;
  const withSink = element as HTMLMediaElement & { setSinkId(id: string): Promise<void> };
  withSink.setSinkId(speaker ?? '').catch(() => undefined);
}
