/**
 * One writing tool's run over the aiWriting subscription: the text streamed so far and where the run is.
 * Stop and discard unsubscribe, which completes the subscription and aborts the upstream request; a run
 * the socket dropped is sent again by the live client, and then starts over (its text is cleared).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribe } from '../../../lib/subscriptions';
import { aiWritingDocument, type AiWritingChunk } from './operations';
import { writingVariables, type WritingChoice, type WritingSource, type WritingVariables } from './writingRequest';

export type WritingPhase = 'idle' | 'writing' | 'done' | 'stopped' | 'failed';

export interface WritingStreamState {
  phase: WritingPhase;
  choice: WritingChoice | null;
  /** The Markdown received so far. */
  text: string;
  /** When failed: the chunk's message and code. */
  error: { message: string | null; code: string | null } | null;
}

export interface WritingStreamHandlers {
  chunk: (chunk: AiWritingChunk) => void;
  /** The run was sent again after its socket failed: what came before is dropped. */
  restarted: () => void;
  /** The server refused the run (too many subscriptions, a bad argument, the session ended): it will not write. */
  refused: (error: { message: string; code: string | null }) => void;
}

/** Starts a run; returns its stop. The app's runs go over the live socket; tests hand their own. */
export type WritingRunner = (variables: WritingVariables, handlers: WritingStreamHandlers) => () => void;

export const liveWritingRunner: WritingRunner = (variables, handlers) =>
  subscribe(
    aiWritingDocument,
    variables,
    ({ aiWriting }) => handlers.chunk(aiWriting),
    undefined,
    handlers.restarted,
    (errors) => handlers.refused(errors[0] ?? { message: '', code: null }),
  );

const idle: WritingStreamState = { phase: 'idle', choice: null, text: '', error: null };

export function useWritingStream(runner: WritingRunner = liveWritingRunner) {
  const [state, setState] = useState<WritingStreamState>(idle);
  const stopRun = useRef<(() => void) | null>(null);
  const lastRun = useRef<{ choice: WritingChoice; source: WritingSource } | null>(null);

  const end = useCallback(() => {
    const stop = stopRun.current;
    stopRun.current = null;
    stop?.();
  }, []);

  const start = useCallback(
    (choice: WritingChoice, source: WritingSource) => {
      end();
      lastRun.current = { choice, source };
      setState({ phase: 'writing', choice, text: '', error: null });
      let finished = false;
      const stop = runner(writingVariables(choice, source), {
        chunk: (chunk) => {
          if (finished) return;
          if (chunk.error || chunk.errorCode) {
            finished = true;
            setState((current) => ({
              ...current,
              phase: 'failed',
              error: { message: chunk.error ?? null, code: chunk.errorCode ?? null },
            }));
            return;
          }
          if (chunk.done) finished = true;
          setState((current) => ({ ...current, text: current.text + chunk.delta, phase: chunk.done ? 'done' : 'writing' }));
        },
        restarted: () => {
          if (!finished) setState((current) => ({ ...current, text: '' }));
        },
        refused: (error) => {
          if (finished) return;
          finished = true;
          setState((current) => ({ ...current, phase: 'failed', error: { message: error.message || null, code: error.code } }));
        },
      });
      stopRun.current = stop;
    },
    [end, runner],
  );

  /** Stops writing: the upstream request is aborted, what came so far is kept. */
  const stop = useCallback(() => {
    end();
    setState((current) => (current.phase === 'writing' ? { ...current, phase: 'stopped' } : current));
  }, [end]);

  /** Closes the preview: stops a run still writing and forgets its text. */
  const discard = useCallback(() => {
    end();
    lastRun.current = null;
    setState(idle);
  }, [end]);

  const retry = useCallback(() => {
    const last = lastRun.current;
    if (last) start(last.choice, last.source);
  }, [start]);

  // Leaving the page (or the editor) stops a run still writing.
  useEffect(() => end, [end]);

  return { state, start, stop, discard, retry };
}
