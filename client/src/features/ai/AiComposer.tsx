import { useId, useRef, useState, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { ArrowUp, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { aiPersonas, aiWritingTones } from '#shared/ai';
import { formatBytes } from '#shared/files';
import { Button } from '../../ui';
import { aiModes, promptBytes, type AiMode } from './messages';
import type { Question } from './aiActions';
import styles from './Ai.module.css';

export interface AiComposerProps {
  /** The conversation's own mode, the switch's starting position. */
  defaultMode: AiMode;
  maxPromptBytes: number;
  /** An answer is being written: the composer offers Stop instead of Send. */
  streaming: boolean;
  /** Asks; resolves with what went wrong to show under the box, or null once asked. */
  onAsk: (question: Question) => Promise<string | null>;
  onStop: () => void;
}

/** Whether a paste or a drop carries files (the assistant takes none: SPEC §5 ai_chat_no_files). */
function carriesFiles(data: DataTransfer | null): boolean {
  if (!data) return false;
  return data.files.length > 0 || [...data.items].some((item) => item.kind === 'file');
}

/**
 * The question box: Enter asks, Shift+Enter starts a new line, Esc stops an answer being written. A mode switch
 * (chat / search) and the persona and tone of this question sit under it. Files are refused with SPEC §5's message,
 * and a prompt over the server's limit is refused before anything is sent.
 */
export function AiComposer({ defaultMode, maxPromptBytes, streaming, onAsk, onStop }: AiComposerProps) {
  const { t, i18n } = useTranslation();
  const [body, setBody] = useState('');
  const [mode, setMode] = useState<AiMode>(defaultMode);
  const [persona, setPersona] = useState<string>(aiPersonas[0]);
  const [tone, setTone] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const problemId = useId();

  const tooLarge = promptBytes(body) > maxPromptBytes;
  const limitMessage = t('ai.composer.tooLarge', { limit: formatBytes(maxPromptBytes, i18n.language) });
  const shown = tooLarge ? limitMessage : problem;

  const ask = async () => {
    const text = body.trim();
    if (!text || sending || streaming) return;
    if (promptBytes(text) > maxPromptBytes) {
      setProblem(limitMessage);
      return;
    }
    setSending(true);
    setProblem(null);
    const refused = await onAsk({ body: text, mode, persona, tone });
    setSending(false);
    if (refused) {
      setProblem(refused);
      return;
    }
    setBody('');
    box.current?.focus();
  };

  const refuseFiles = (event: ClipboardEvent | DragEvent, data: DataTransfer | null) => {
    if (!carriesFiles(data)) return;
    event.preventDefault();
    setProblem(t('errors.codes.AI_CHAT_NO_FILES'));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && streaming) {
      event.preventDefault();
      onStop();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void ask();
  };

  return (
    <form
      className={styles.composer}
      aria-label={t('ai.composer.label')}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void ask();
      }}
    >
      <div className={styles.composerBox} data-invalid={shown ? true : undefined}>
        <textarea
          ref={box}
          className={styles.composerInput}
          aria-label={t(mode === 'search' ? 'ai.composer.searchPlaceholder' : 'ai.composer.placeholder')}
          placeholder={t(mode === 'search' ? 'ai.composer.searchPlaceholder' : 'ai.composer.placeholder')}
          rows={2}
          value={body}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? problemId : undefined}
          onChange={(event) => {
            setBody(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onPaste={(event) => refuseFiles(event, event.clipboardData)}
          onDrop={(event) => refuseFiles(event, event.dataTransfer)}
          onDragOver={(event) => {
            if (carriesFiles(event.dataTransfer)) event.preventDefault();
          }}
        />
        <div className={styles.composerBar}>
          <div role="radiogroup" aria-label={t('ai.composer.mode')} className={styles.modeSwitch}>
            {aiModes.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={mode === option}
                className={styles.modeOption}
                onClick={() => setMode(option)}
              >
                {t(`ai.modes.${option}`)}
              </button>
            ))}
          </div>
          <select
            className={styles.picker}
            aria-label={t('ai.composer.persona')}
            value={persona}
            onChange={(event) => setPersona(event.target.value)}
          >
            {aiPersonas.map((option) => (
              <option key={option} value={option}>
                {t(`ai.personas.${option}`)}
              </option>
            ))}
          </select>
          <select
            className={styles.picker}
            aria-label={t('ai.composer.tone')}
            value={tone}
            onChange={(event) => setTone(event.target.value)}
          >
            <option value="">{t('ai.tones.default')}</option>
            {aiWritingTones.map((option) => (
              <option key={option} value={option}>
                {t(`ai.tones.${option}`)}
              </option>
            ))}
          </select>
          <span className={styles.grow} />
          {streaming ? (
            <Button type="button" size="sm" variant="secondary" icon={<Square aria-hidden />} onClick={onStop}>
              {t('ai.composer.stop')}
            </Button>
          ) : (
            <Button
              type="submit"
              size="sm"
              variant="primary"
              icon={<ArrowUp aria-hidden />}
              loading={sending}
              disabled={!body.trim() || tooLarge}
            >
              {t('ai.composer.send')}
            </Button>
          )}
        </div>
      </div>
      {shown ? (
        <p id={problemId} className={styles.composerProblem} role="alert">
          {shown}
        </p>
      ) : (
        <p className={styles.composerHint}>{t('ai.composer.hint')}</p>
      )}
    </form>
  );
}
