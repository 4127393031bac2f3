/**
 * The writing tools of one editor (the doc, a chat composer): the menu's choice read against the editor's text
 * (a WritingTarget), the run streamed into the preview, and the result applied through the target. Not
 * configured: the panel says how to enable AI instead of running anything.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiWritingAction } from '#shared/ai';
import { useAiWritingStatus } from './useAiWritingStatus';
import { useWritingStream, type WritingRunner } from './useWritingStream';
import { WritingPanel, type WritingPanelContent } from './WritingPanel';
import { refusalOf, type ApplyMode, type WritingChoice, type WritingSource } from './writingRequest';

/** The text a tool works on, and how its result goes back, for one run. */
export interface WritingTarget {
  source: WritingSource;
  /** Puts the result in, as one undoable change; false when what it was for is gone. */
  apply: (markdown: string, mode: ApplyMode) => boolean;
  /** Whether what it was for is still there (a collaborator may have deleted it meanwhile). */
  isGone?: () => boolean;
  /** Stops following the editor's changes. */
  dispose: () => void;
  /** Gives the focus back to the editor when the preview closes. */
  focus: () => void;
}

type PanelKind = 'run' | 'notConfigured' | { refused: string } | null;

export function useWritingTools(readTarget: (action: AiWritingAction) => WritingTarget, runner?: WritingRunner) {
  const { t } = useTranslation();
  const { status, load: loadStatus } = useAiWritingStatus();
  const stream = useWritingStream(runner);
  const [panel, setPanel] = useState<PanelKind>(null);
  const [targetGone, setTargetGone] = useState(false);
  const target = useRef<WritingTarget | null>(null);

  const release = useCallback(() => {
    target.current?.dispose();
    target.current = null;
  }, []);
  useEffect(() => release, [release]);

  const notConfigured = status?.configured === false;

  const choose = useCallback(
    async (choice: WritingChoice) => {
      stream.discard();
      release();
      setTargetGone(false);
      // The text is read at once (the selection as it was when the tool was chosen), the status may take a moment.
      const next = readTarget(choice.action);
      const known = status ?? (await loadStatus());
      if (known?.configured === false) {
        next.dispose();
        setPanel('notConfigured');
        return;
      }
      const refusal = refusalOf(next.source, known?.maxPromptBytes ?? null);
      if (refusal) {
        next.dispose();
        setPanel({ refused: refusal.kind === 'empty' ? t('ai.writing.emptyText') : t('ai.writing.tooLarge', { limit: refusal.limit }) });
        return;
      }
      target.current = next;
      setPanel('run');
      stream.start(choice, next.source);
    },
    [loadStatus, readTarget, release, status, stream, t],
  );

  const close = useCallback(() => {
    stream.discard();
    const current = target.current;
    release();
    setPanel(null);
    setTargetGone(false);
    current?.focus();
  }, [release, stream]);

  const apply = useCallback(
    (mode: ApplyMode) => {
      const current = target.current;
      if (!current) return;
      if (current.isGone?.() || !current.apply(stream.state.text, mode)) {
        setTargetGone(true);
        return;
      }
      stream.discard();
      release();
      setPanel(null);
    },
    [release, stream],
  );

  const content: WritingPanelContent | null =
    panel === null
      ? null
      : panel === 'run'
        ? { kind: 'run', state: stream.state, targetGone }
        : panel === 'notConfigured'
          ? { kind: 'notConfigured' }
          : { kind: 'refused', message: panel.refused };

  const panelElement = content && (
    <WritingPanel content={content} onStop={stream.stop} onClose={close} onApply={apply} onRetry={stream.retry} />
  );

  return {
    choose: (choice: WritingChoice) => void choose(choice),
    /** Call when a menu opens: the status is asked for then, so it is known by the time a tool is chosen. */
    prepare: () => void loadStatus(),
    panel: panelElement,
    notConfigured,
    writing: stream.state.phase === 'writing',
  };
}
