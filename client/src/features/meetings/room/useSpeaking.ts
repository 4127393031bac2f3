import { useEffect, useRef, useState } from 'react';
import { createLevelSource, SpeakingDetector, type LevelSource } from '../devices/levelMeter';

const sampleEveryMs = 100;

export interface Speaking {
  /** Who is speaking now. */
  speaking: ReadonlySet<string>;
  /** The last one who started speaking (stays until someone else does). */
  activeSpeaker: string | null;
}

/**
 * Who is speaking, from each stream's audio level (one AudioContext for the call). `streams` maps a participant id to
 * the stream its voice is on; a muted participant's stream is left out by the caller.
 */
export function useSpeaking(streams: ReadonlyMap<string, MediaStream>, streamsKey: string): Speaking {
  const [state, setState] = useState<Speaking>({ speaking: new Set(), activeSpeaker: null });
  const contextRef = useRef<AudioContext | null>(null);
  const latest = useRef(streams);
  useEffect(() => {
    latest.current = streams;
  });

  useEffect(() => {
    if (typeof AudioContext === 'undefined') return undefined;
    contextRef.current ??= new AudioContext();
    const context = contextRef.current;
    const sources = new Map<string, LevelSource>();
    const detectors = new Map<string, SpeakingDetector>();
    for (const [id, stream] of latest.current) {
      const source = createLevelSource(stream, context);
      if (source) {
        sources.set(id, source);
        detectors.set(id, new SpeakingDetector());
      }
    }
    const timer = setInterval(() => {
      // A context made before any click may start suspended: resume once the page is interacted with.
      if (context.state === 'suspended') void context.resume();
      const now = performance.now();
      const speaking = new Set<string>();
      const started: string[] = [];
      for (const [id, source] of sources) {
        const detector = detectors.get(id);
        if (!detector) continue;
        const was = detector.speaking;
        if (detector.update(source.read(), now)) {
          speaking.add(id);
          if (!was) started.push(id);
        }
      }
      setState((previous) => {
        const activeSpeaker =
          started.at(-1) ?? (previous.activeSpeaker && sources.has(previous.activeSpeaker) ? previous.activeSpeaker : null);
        const same =
          activeSpeaker === previous.activeSpeaker &&
          speaking.size === previous.speaking.size &&
          [...speaking].every((id) => previous.speaking.has(id));
        return same ? previous : { speaking, activeSpeaker };
      });
    }, sampleEveryMs);
    return () => {
      clearInterval(timer);
      for (const source of sources.values()) source.stop();
    };
  }, [streamsKey]);

  useEffect(
    () => () => {
      void contextRef.current?.close();
      contextRef.current = null;
    },
    [],
  );
  return state;
}
