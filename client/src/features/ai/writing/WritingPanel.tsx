/**
 * The preview of a writing tool's result: the Markdown as it streams, then Replace / Insert below (Insert for
 * continue), Discard, or Try again after a failure. Escape stops a run still writing, then closes.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles, X } from 'lucide-react';
import { Button, Notice, Spinner } from '../../../ui';
import type { WritingStreamState } from './useWritingStream';
import { applyModesOf, chunkErrorText, type ApplyMode, type WritingChoice } from './writingRequest';
import { WritingMarkdown } from './WritingMarkdown';
import styles from './Writing.module.css';

export type WritingPanelContent =
  { kind: 'run'; state: WritingStreamState; targetGone: boolean } | { kind: 'notConfigured' } | { kind: 'refused'; message: string };

export interface WritingPanelProps {
  content: WritingPanelContent;
  onStop: () => void;
  onClose: () => void;
  onApply: (mode: ApplyMode) => void;
  onRetry: () => void;
}

function useChoiceLabel() {
  const { t } = useTranslation();
  return (choice: WritingChoice | null): string => {
    if (!choice) return '';
    const action = t(`ai.writing.actions.${choice.action}`);
    if (choice.action === 'translate') return `${action}: ${t(`ai.writing.languages.${choice.language}`)}`;
    if (choice.action === 'changeTone') return `${action}: ${t(`ai.writing.tones.${choice.tone}`)}`;
    return action;
  };
}

export function WritingPanel({ content, onStop, onClose, onApply, onRetry }: WritingPanelProps) {
  const { t } = useTranslation();
  const labelOf = useChoiceLabel();
  const panelRef = useRef<HTMLElement>(null);
  const writing = content.kind === 'run' && content.state.phase === 'writing';

  // The panel takes the focus when it opens, so its buttons are next for the keyboard.
  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (writing) onStop();
    else onClose();
  };

  const title = content.kind === 'run' ? t('ai.writing.preview.title', { action: labelOf(content.state.choice) }) : t('ai.writing.button');

  return (
    <section ref={panelRef} className={styles.panel} aria-label={t('ai.writing.preview.label')} tabIndex={-1} onKeyDown={onKeyDown}>
      <header className={styles.panelHeader}>
        <Sparkles size={14} aria-hidden className={styles.sparkle} />
        <span className={styles.panelTitle}>{title}</span>
        <Button size="sm" variant="ghost" iconOnly icon={<X size={14} />} aria-label={t('ai.writing.preview.close')} onClick={onClose} />
      </header>
      {content.kind === 'notConfigured' && (
        <Notice tone="info" title={t('ai.writing.notConfigured.title')}>
          {t('ai.writing.notConfigured.text')}
        </Notice>
      )}
      {content.kind === 'refused' && <Notice tone="error">{content.message}</Notice>}
      {content.kind === 'run' && <RunBody {...content} onStop={onStop} onClose={onClose} onApply={onApply} onRetry={onRetry} />}
    </section>
  );
}

function RunBody({
  state,
  targetGone,
  onStop,
  onClose,
  onApply,
  onRetry,
}: { state: WritingStreamState; targetGone: boolean } & Omit<WritingPanelProps, 'content'>) {
  const { t } = useTranslation();
  const { phase, text, error, choice } = state;
  const hasText = text.trim() !== '';
  const failedText =
    phase === 'failed'
      ? chunkErrorText(
          (key, fallback) => t(key as 'ai.writing.failed', { defaultValue: fallback }),
          error?.message,
          error?.code,
          t('ai.writing.failed'),
        )
      : null;
  return (
    <>
      {(hasText || phase === 'writing') && (
        <div className={styles.result} aria-busy={phase === 'writing'}>
          <WritingMarkdown source={text} />
        </div>
      )}
      <p className={styles.status} role="status">
        {phase === 'writing' && (
          <>
            <Spinner size={12} /> {t('ai.writing.preview.writing')}
          </>
        )}
        {phase === 'done' && (hasText ? t('ai.writing.preview.done') : t('ai.writing.preview.empty'))}
        {phase === 'stopped' && t('ai.writing.preview.stopped')}
      </p>
      {failedText && <Notice tone="error">{failedText}</Notice>}
      {targetGone && <Notice tone="error">{t('ai.writing.targetGone')}</Notice>}
      <div className={styles.actions}>
        {phase === 'writing' && (
          <Button size="sm" variant="secondary" onClick={onStop}>
            {t('ai.writing.preview.stop')}
          </Button>
        )}
        {phase !== 'writing' &&
          hasText &&
          !targetGone &&
          choice &&
          applyModesOf(choice.action).map((mode, index) => (
            <Button key={mode} size="sm" variant={index === 0 ? 'primary' : 'secondary'} onClick={() => onApply(mode)}>
              {t(`ai.writing.preview.${mode}`)}
            </Button>
          ))}
        {(phase === 'failed' || (phase !== 'writing' && !hasText)) && (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('ai.writing.preview.retry')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t('ai.writing.preview.discard')}
        </Button>
      </div>
    </>
  );
}
