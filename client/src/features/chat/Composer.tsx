import { useEffect, useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { AtSign, Bold, Code, Italic, Link, List, Paperclip, Send, Smile, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';
import {
  filterMentionCandidates, insertLink, insertMention, mentionQueryAt, toggleBulletList, wrapSelection,
  type MentionCandidate, type MentionQuery, type TextEdit,
} from './composerText';
import { EmojiPicker } from './EmojiPicker';
import { personName } from './format';
import { markdownToText } from './markdown';
import { MentionList, mentionOptionId } from './MentionList';
import type { Message } from './operations';
import styles from './Chat.module.css';

/** The contract's maximum body length. */
export const maximumBodyLength = 20_000;

export interface ComposerProps {
  placeholder: string;
  /** The message being edited, or null when writing a new one. */
  editing: Message | null;
  replyTo: Message | null;
  candidates: readonly MentionCandidate[];
  disabled?: boolean;
  onSend: (body: string) => void;
  onSaveEdit: (message: Message, body: string) => void;
  /** Escape: leaves editing or replying. */
  onCancel: () => void;
  /** Up arrow in an empty composer: edit the caller's last message. */
  onEditLast: () => void;
  onTyping: () => void;
  /** Files picked with the paperclip or pasted: each is uploaded and sent as a file message. Without it, there is no paperclip. */
  onAttach?: ((files: File[]) => void) | undefined;
}

type Format = 'bold' | 'italic' | 'code' | 'link' | 'list';

function applyFormat(format: Format, value: string, start: number, end: number): TextEdit {
  if (format === 'bold') return wrapSelection(value, start, end, '**');
  if (format === 'italic') return wrapSelection(value, start, end, '*');
  if (format === 'code') return value.slice(start, end).includes('\n') ? wrapSelection(value, start, end, '```\n', '\n```') : wrapSelection(value, start, end, '`');
  if (format === 'link') return insertLink(value, start, end);
  return toggleBulletList(value, start, end);
}

const shortcuts: Record<string, Format> = { b: 'bold', i: 'italic', e: 'code', k: 'link' };

/** Multi-line composer: Enter sends, Shift+Enter breaks the line, Markdown shortcuts, @mentions, emoji, reply and edit modes. */
export function Composer({ placeholder, editing, replyTo, candidates, disabled = false, onSend, onSaveEdit, onCancel, onEditLast, onTyping, onAttach }: ComposerProps) {
  const { t } = useTranslation();
  const listId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const selection = useRef<[number, number] | null>(null);
  const draft = useRef('');
  const matches = mention ? filterMentionCandidates(candidates, mention.query) : [];

  // Entering edit mode swaps the draft for the message's text; leaving it brings the draft back.
  const editingId = editing?.id ?? null;
  useEffect(() => {
    if (!editing) {
      setValue(draft.current);
      return;
    }
    setValue((current) => {
      draft.current = current;
      return editing.body;
    });
    selection.current = [editing.body.length, editing.body.length];
    textareaRef.current?.focus();
    // Only the id matters: a live change of the same message must not overwrite what is being typed.
  }, [editingId]);

  useEffect(() => {
    if (replyTo) textareaRef.current?.focus();
  }, [replyTo]);

  useLayoutEffect(() => {
    if (!selection.current || !textareaRef.current) return;
    textareaRef.current.setSelectionRange(...selection.current);
    selection.current = null;
  }, [value]);

  const apply = (edit: TextEdit) => {
    selection.current = [edit.selectionStart, edit.selectionEnd];
    setValue(edit.value);
    setMention(mentionQueryAt(edit.value, edit.selectionEnd));
  };

  const format = (kind: Format) => {
    const area = textareaRef.current;
    if (!area) return;
    apply(applyFormat(kind, value, area.selectionStart, area.selectionEnd));
    area.focus();
  };

  const pick = (candidate: MentionCandidate) => {
    const caret = textareaRef.current?.selectionStart ?? value.length;
    if (!mention) return;
    apply(insertMention(value, mention, caret, candidate));
    setMention(null);
  };

  const insertText = (text: string) => {
    const area = textareaRef.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    apply({ value: value.slice(0, start) + text + value.slice(end), selectionStart: start + text.length, selectionEnd: start + text.length });
  };

  const submit = () => {
    const body = value.trim();
    if (editing) {
      if (body && body !== editing.body.trim()) onSaveEdit(editing, body);
      else if (!body) return;
      onCancel();
      return;
    }
    if (!body || body.length > maximumBodyLength) return;
    draft.current = '';
    setValue('');
    setMention(null);
    onSend(body);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention && matches.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + matches.length) % matches.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const candidate = matches[Math.min(active, matches.length - 1)];
        if (candidate) pick(candidate);
        return;
      }
    }
    if (event.key === 'Escape') {
      if (mention) setMention(null);
      else if (editing || replyTo) onCancel();
      else return;
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
      return;
    }
    if (event.key === 'ArrowUp' && value === '' && !editing) {
      event.preventDefault();
      onEditLast();
      return;
    }
    const shortcut = (event.ctrlKey || event.metaKey) && !event.altKey ? shortcuts[event.key.toLowerCase()] : undefined;
    if (shortcut) {
      event.preventDefault();
      format(shortcut);
    } else if ((event.ctrlKey || event.metaKey) && event.shiftKey && (event.key === '8' || event.key === '*')) {
      event.preventDefault();
      format('list');
    }
  };

  // Pasted files (a screenshot, files copied in a file manager) are attached; pasted text is left to the textarea.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...(event.clipboardData?.files ?? [])];
    if (!onAttach || disabled || files.length === 0) return;
    event.preventDefault();
    onAttach(files);
  };

  const tooLong = value.length > maximumBodyLength;
  const mentionOpen = mention !== null;
  return (
    <div className={styles.composer}>
      {(editing || replyTo) && (
        <div className={styles.composerMode}>
          <span className={styles.composerModeText}>
            {editing ? t('chat.composer.editing') : t('chat.composer.replyingTo', { name: personName(replyTo?.author, t('chat.message.unknownAuthor')) })}
            {!editing && replyTo && <span className={styles.replyBody}>{markdownToText(replyTo.body)}</span>}
          </span>
          <Button size="sm" variant="ghost" iconOnly icon={<X size={14} />} aria-label={editing ? t('chat.composer.cancelEdit') : t('chat.composer.cancelReply')} onClick={onCancel} />
        </div>
      )}
      {mentionOpen && <MentionList id={listId} candidates={matches} active={Math.min(active, Math.max(0, matches.length - 1))} onPick={pick} />}
      <textarea
        ref={textareaRef}
        className={styles.textarea}
        aria-label={t('chat.composer.label')}
        aria-describedby={`${listId}-hint`}
        aria-autocomplete="list"
        aria-controls={mentionOpen ? listId : undefined}
        aria-activedescendant={mentionOpen && matches.length > 0 ? mentionOptionId(listId, Math.min(active, matches.length - 1)) : undefined}
        aria-invalid={tooLong || undefined}
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        rows={Math.min(8, Math.max(1, value.split('\n').length))}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          setValue(event.target.value);
          setMention(mentionQueryAt(event.target.value, event.target.selectionStart));
          setActive(0);
          if (event.target.value && !editing) onTyping();
        }}
        onSelect={(event) => setMention(mentionQueryAt(event.currentTarget.value, event.currentTarget.selectionStart))}
        onPaste={onPaste}
      />
      <div className={styles.toolbar} role="toolbar" aria-label={t('chat.composer.formatting')}>
        <Button size="sm" variant="ghost" iconOnly icon={<Bold size={14} />} aria-label={t('chat.composer.bold')} title={t('chat.composer.bold')} disabled={disabled} onClick={() => format('bold')} />
        <Button size="sm" variant="ghost" iconOnly icon={<Italic size={14} />} aria-label={t('chat.composer.italic')} title={t('chat.composer.italic')} disabled={disabled} onClick={() => format('italic')} />
        <Button size="sm" variant="ghost" iconOnly icon={<Code size={14} />} aria-label={t('chat.composer.code')} title={t('chat.composer.code')} disabled={disabled} onClick={() => format('code')} />
        <Button size="sm" variant="ghost" iconOnly icon={<Link size={14} />} aria-label={t('chat.composer.link')} title={t('chat.composer.link')} disabled={disabled} onClick={() => format('link')} />
        <Button size="sm" variant="ghost" iconOnly icon={<List size={14} />} aria-label={t('chat.composer.list')} title={t('chat.composer.list')} disabled={disabled} onClick={() => format('list')} />
        <Button size="sm" variant="ghost" iconOnly icon={<AtSign size={14} />} aria-label={t('chat.composer.mention')} title={t('chat.composer.mention')} disabled={disabled} onClick={() => {
            insertText(value && !/\s$/.test(value.slice(0, textareaRef.current?.selectionStart ?? value.length)) ? ' @' : '@');
            textareaRef.current?.focus();
          }} />
        {onAttach && (
          <>
            <Button size="sm" variant="ghost" iconOnly icon={<Paperclip size={14} />} aria-label={t('chat.attachment.attach')} title={t('chat.attachment.attach')} disabled={disabled} onClick={() => fileInputRef.current?.click()} />
            <input
              ref={fileInputRef}
              type="file"
              multiple
              hidden
              data-testid="attach-input"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                // Cleared so picking the same file again fires again.
                event.target.value = '';
                if (files.length > 0) onAttach(files);
              }}
            />
          </>
        )}
        <EmojiPicker label={t('chat.composer.emoji')} onPick={insertText} onClosed={() => textareaRef.current?.focus()}>
          <Button size="sm" variant="ghost" iconOnly icon={<Smile size={14} />} aria-label={t('chat.composer.emoji')} title={t('chat.composer.emoji')} disabled={disabled} />
        </EmojiPicker>
        <span id={`${listId}-hint`} className={styles.hint}>{tooLong ? t('chat.composer.tooLong', { maximum: maximumBodyLength.toLocaleString() }) : t('chat.composer.hint')}</span>
        <Button size="sm" variant="primary" icon={<Send size={14} />} disabled={disabled || !value.trim() || tooLong} onClick={submit}>
          {editing ? t('chat.composer.save') : t('chat.composer.send')}
        </Button>
      </div>
    </div>
  );
}
