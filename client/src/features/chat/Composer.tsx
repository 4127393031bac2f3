import { useCallback, useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { AtSign, Bold, Code, Italic, Link, List, Paperclip, Send, Smile, Sparkles, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { Fragment, Slice } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { composerScope, composerWritingTarget } from '../ai/writing/composerTarget';
import { useWritingTools } from '../ai/writing/useWritingTools';
import { WritingMenu } from '../ai/writing/WritingMenu';
import { Button, type ButtonProps } from '../../ui';
import { bodyOf, documentOf, mentionLabel, mentionNodeName, offsetAt, paragraphsOf, positionAt } from './composerDocument';
import { composerExtensions } from './composerExtensions';
import {
  filterMentionCandidates,
  insertLink,
  mentionQueryAt,
  toggleBulletList,
  wrapSelection,
  type MentionCandidate,
  type MentionQuery,
  type TextEdit,
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
  /** False for a writer who can mention nobody (a meeting room's guest): no @ button, no suggestions. */
  mentions?: boolean;
  disabled?: boolean;
  /** The text to start with (a draft kept from an earlier visit), as a body: mentions as @[Name](id). */
  initialText?: string;
  onSend: (body: string) => void;
  onSaveEdit: (message: Message, body: string) => void;
  /** Escape: leaves editing or replying. */
  onCancel: () => void;
  /** Up arrow in an empty composer: edit the caller's last message. */
  onEditLast: () => void;
  /** A keystroke left text in the composer (new messages only). */
  onTyping: () => void;
  /** The text was cleared or sent. */
  onStopTyping?: () => void;
  /** The new message's text changed (not while editing another message): kept as the draft. */
  onTextChange?: (body: string) => void;
  /** Files picked with the paperclip or pasted: each is uploaded and sent as a file message. Without it, there is no paperclip. */
  onAttach?: ((files: File[]) => void) | undefined;
  /** The AI writing tools' sparkle button (signed-in writers; default: whoever may mention, so not a meeting room's guest). */
  writingTools?: boolean;
}

type Format = 'bold' | 'italic' | 'code' | 'link' | 'list';

/** The toolbar's formatting buttons, in order; each one's label is `chat.composer.<kind>`. */
const formatButtons: readonly { kind: Format; icon: ReactNode }[] = [
  { kind: 'bold', icon: <Bold size={14} /> },
  { kind: 'italic', icon: <Italic size={14} /> },
  { kind: 'code', icon: <Code size={14} /> },
  { kind: 'link', icon: <Link size={14} /> },
  { kind: 'list', icon: <List size={14} /> },
];

/** A small icon-only toolbar button whose label is also its tooltip. Spreads the rest so a menu trigger can wrap it. */
function ToolbarButton({ icon, label, ...rest }: { icon: ReactNode; label: string } & Omit<ButtonProps, 'icon' | 'aria-label' | 'title'>) {
  return <Button size="sm" variant="ghost" iconOnly icon={icon} aria-label={label} title={label} {...rest} />;
}

function applyFormat(format: Format, value: string, start: number, end: number): TextEdit {
  if (format === 'bold') return wrapSelection(value, start, end, '**');
  if (format === 'italic') return wrapSelection(value, start, end, '*');
  if (format === 'code')
    return value.slice(start, end).includes('\n')
      ? wrapSelection(value, start, end, '```\n', '\n```')
      : wrapSelection(value, start, end, '`');
  if (format === 'link') return insertLink(value, start, end);
  return toggleBulletList(value, start, end);
}

const shortcuts: Record<string, Format> = { b: 'bold', i: 'italic', e: 'code', k: 'link' };

/** The mention being typed at the caret, read from the body the document stands for. */
function mentionAtCaret(editor: Editor): MentionQuery | null {
  const { selection, doc } = editor.state;
  if (!selection.empty) return null;
  return mentionQueryAt(bodyOf(doc), offsetAt(doc, selection.head));
}

/** Puts a whole new body in the editor in one undoable step, with the selection given in body offsets. */
function replaceBody(editor: Editor, edit: TextEdit): void {
  editor
    .chain()
    .focus()
    .command(({ tr, state }) => {
      const next = state.schema.nodeFromJSON(documentOf(edit.value));
      tr.replaceWith(0, tr.doc.content.size, next.content);
      tr.setSelection(TextSelection.create(tr.doc, positionAt(tr.doc, edit.selectionStart), positionAt(tr.doc, edit.selectionEnd)));
      return true;
    })
    .run();
}

/**
 * Multi-line composer: Enter sends, Shift+Enter breaks the line, Markdown shortcuts, @mentions shown
 * as chips and sent as @[Name](id), emoji, reply and edit modes. The editor holds plain text and
 * chips (composerExtensions.ts); composerDocument.ts turns it into the body and back.
 */
export function Composer(props: ComposerProps) {
  const { placeholder, editing, replyTo, candidates, mentions = true, disabled = false, initialText = '', onCancel, onAttach } = props;
  const writingTools = props.writingTools ?? mentions;
  const [writingMenuOpen, setWritingMenuOpen] = useState(false);
  const { t } = useTranslation();
  const listId = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  const [typedMention, setMention] = useState<MentionQuery | null>(null);
  const mention = mentions ? typedMention : null;
  const [active, setActive] = useState(0);
  /** The new message's text while another message is being edited. */
  const draft = useRef(initialText);
  const matches = mention ? filterMentionCandidates(candidates, mention.query) : [];
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));

  // The editor's handlers are made once; they read the latest props and state through these, kept after each render.
  const latest = useRef({ props, mention, matches, activeIndex });
  const keyDown = useRef<(event: KeyboardEvent) => boolean>(() => false);
  const placeholderRef = useRef(placeholder);

  // eslint-disable-next-line react-hooks/refs -- the getter is read when the editor draws its placeholder, not to render this
  const [extensions] = useState(() =>
    composerExtensions({ chipClassName: styles.mentionChip ?? '', placeholder: () => placeholderRef.current }),
  );

  const editor = useEditor({
    extensions,
    content: documentOf(initialText),
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('chat.composer.label'),
        'aria-describedby': `${listId}-hint`,
        'aria-autocomplete': 'list',
        class: styles.editor ?? '',
      },
      handleKeyDown: (_view, event) => keyDown.current(event),
      handleTextInput: (view, from, to, typed) => {
        // A chip is followed by the space it was inserted with: a space typed right after it would make two.
        if (typed !== ' ' || from !== to) return false;
        const $from = view.state.doc.resolve(from);
        const before = $from.nodeBefore;
        const chip = before?.isText && before.text === ' ' ? $from.parent.childBefore($from.parentOffset - 1).node : null;
        return chip?.type.name === mentionNodeName;
      },
      handlePaste: (_view, event) => {
        // Pasted files (a screenshot, files copied in a file manager) are attached; pasted text goes in the editor.
        const files = [...(event.clipboardData?.files ?? [])];
        const attach = latest.current.props.onAttach;
        if (!attach || latest.current.props.disabled || files.length === 0) return false;
        event.preventDefault();
        attach(files);
        return true;
      },
      // Pasted plain text keeps its lines, and mention tokens in it become chips.
      clipboardTextParser: (pasted, _context, _plain, view) =>
        Slice.maxOpen(Fragment.fromArray(paragraphsOf(pasted).map((paragraph) => view.state.schema.nodeFromJSON(paragraph)))),
    },
    onUpdate: ({ editor: updated }) => {
      const body = bodyOf(updated.state.doc);
      setText(body);
      setMention(mentionAtCaret(updated));
      setActive(0);
      const current = latest.current.props;
      if (current.editing) return;
      draft.current = body;
      current.onTextChange?.(body);
      if (body.trim()) current.onTyping();
      else current.onStopTyping?.();
    },
    onSelectionUpdate: ({ editor: updated }) => setMention(mentionAtCaret(updated)),
  });

  /** Replaces the whole text without it counting as typing (entering or leaving edit mode, after sending). */
  const setBody = (body: string) => {
    editor.commands.setContent(documentOf(body), { emitUpdate: false });
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    setText(body);
    setMention(null);
  };

  // Entering edit mode swaps the draft for the message's text; leaving it brings the draft back. Only the id matters:
  // a live change of the same message must not overwrite what is being typed.
  const editingId = editing?.id ?? null;
  const swapText = useEffectEvent(() => {
    setBody(editing ? editing.body : draft.current);
    if (editing) editor.commands.focus('end');
  });
  const firstRun = useRef(true);
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      if (editingId === null) return;
    }
    swapText();
  }, [editingId]);

  useEffect(() => {
    if (replyTo) editor.commands.focus();
  }, [replyTo, editor]);

  useEffect(() => {
    if (!editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // The attributes that follow React state (the suggestion list, the length) are set on the editable element itself.
  const tooLong = text.length > maximumBodyLength;
  const mentionOpen = mention !== null;
  useEffect(() => {
    const element = editor.view.dom;
    const set = (name: string, value: string | undefined) =>
      value === undefined ? element.removeAttribute(name) : element.setAttribute(name, value);
    set('aria-controls', mentionOpen ? listId : undefined);
    set('aria-activedescendant', mentionOpen && matches.length > 0 ? mentionOptionId(listId, activeIndex) : undefined);
    set('aria-invalid', tooLong ? 'true' : undefined);
    set('aria-disabled', disabled ? 'true' : undefined);
    set('aria-placeholder', placeholder);
  });

  const format = (kind: Format) => {
    const { doc, selection } = editor.state;
    replaceBody(editor, applyFormat(kind, bodyOf(doc), offsetAt(doc, selection.from), offsetAt(doc, selection.to)));
  };

  const pick = (candidate: MentionCandidate) => {
    const query = latest.current.mention;
    if (!query) return;
    const { doc, selection } = editor.state;
    const chip = { type: mentionNodeName, attrs: { id: candidate.id, label: mentionLabel(candidate) } };
    editor
      .chain()
      .focus()
      .insertContentAt({ from: positionAt(doc, query.start), to: selection.head }, [chip, { type: 'text', text: ' ' }])
      .run();
    setMention(null);
  };

  const insertText = (inserted: string) => {
    editor.chain().focus().insertContent({ type: 'text', text: inserted }).run();
  };

  const submit = () => {
    const current = latest.current.props;
    const body = bodyOf(editor.state.doc).trim();
    if (current.editing) {
      if (body && body !== current.editing.body.trim()) current.onSaveEdit(current.editing, body);
      else if (!body) return;
      current.onCancel();
      return;
    }
    if (!body || body.length > maximumBodyLength) return;
    draft.current = '';
    setBody('');
    current.onTextChange?.('');
    current.onStopTyping?.();
    current.onSend(body);
  };

  /** Keys the editor hands over first; true when the composer used the key. */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    const { props: current, mention: query, matches: found, activeIndex: index } = latest.current;
    if (query && found.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index + step + found.length) % found.length);
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const candidate = found[index];
        if (candidate) pick(candidate);
        return true;
      }
    }
    if (event.key === 'Escape') {
      if (query) setMention(null);
      else if (current.editing || current.replyTo) current.onCancel();
      else return false;
      return true;
    }
    if (event.key === 'Enter' && !event.isComposing) {
      if (event.shiftKey) editor.chain().splitBlock().scrollIntoView().run();
      else submit();
      return true;
    }
    if (event.key === 'ArrowUp' && editor.isEmpty && !current.editing) {
      current.onEditLast();
      return true;
    }
    const shortcut = (event.ctrlKey || event.metaKey) && !event.altKey ? shortcuts[event.key.toLowerCase()] : undefined;
    if (shortcut) {
      format(shortcut);
      return true;
    }
    if ((event.ctrlKey || event.metaKey) && event.shiftKey && (event.key === '8' || event.key === '*')) {
      format('list');
      return true;
    }
    return false;
  };

  useLayoutEffect(() => {
    latest.current = { props, mention, matches, activeIndex };
    keyDown.current = onKeyDown;
    placeholderRef.current = placeholder;
  });

  const writing = useWritingTools(useCallback((action) => composerWritingTarget(editor, action), [editor]));

  const atButton = () => {
    const { doc, selection } = editor.state;
    const before = bodyOf(doc).slice(0, offsetAt(doc, selection.from));
    insertText(before && !/\s$/.test(before) ? ' @' : '@');
  };

  return (
    <div className={styles.composer}>
      {(editing || replyTo) && (
        <div className={styles.composerMode}>
          <span className={styles.composerModeText}>
            {editing
              ? t('chat.composer.editing')
              : t('chat.composer.replyingTo', { name: personName(replyTo?.author, t('chat.message.unknownAuthor')) })}
            {!editing && replyTo && <span className={styles.replyBody}>{markdownToText(replyTo.body)}</span>}
          </span>
          <Button
            size="sm"
            variant="ghost"
            iconOnly
            icon={<X size={14} />}
            aria-label={editing ? t('chat.composer.cancelEdit') : t('chat.composer.cancelReply')}
            onClick={onCancel}
          />
        </div>
      )}
      {writing.panel}
      {mentionOpen && <MentionList id={listId} candidates={matches} active={activeIndex} onPick={pick} />}
      <EditorContent editor={editor} className={styles.editorFrame} />
      <div className={styles.toolbar} role="toolbar" aria-label={t('chat.composer.formatting')}>
        {formatButtons.map(({ kind, icon }) => (
          <ToolbarButton key={kind} icon={icon} label={t(`chat.composer.${kind}`)} disabled={disabled} onClick={() => format(kind)} />
        ))}
        {mentions && (
          <ToolbarButton icon={<AtSign size={14} />} label={t('chat.composer.mention')} disabled={disabled} onClick={atButton} />
        )}
        {onAttach && (
          <>
            <ToolbarButton
              icon={<Paperclip size={14} />}
              label={t('chat.attachment.attach')}
              disabled={disabled}
              onClick={() => fileInputRef.current?.click()}
            />
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
        <EmojiPicker label={t('chat.composer.emoji')} onPick={insertText} onClosed={() => editor.commands.focus()}>
          <ToolbarButton icon={<Smile size={14} />} label={t('chat.composer.emoji')} disabled={disabled} />
        </EmojiPicker>
        {writingTools && (
          <WritingMenu
            open={writingMenuOpen}
            onOpenChange={(open) => {
              setWritingMenuOpen(open);
              if (open) writing.prepare();
            }}
            scope={writingMenuOpen ? composerScope(editor) : 'wholeText'}
            onChoose={writing.choose}
            trigger={
              <ToolbarButton
                icon={<Sparkles size={14} />}
                label={t('ai.writing.button')}
                disabled={disabled}
                className={styles.writingTrigger}
                // Keeps the selection in the text, which is what the tools work on.
                onMouseDown={(event) => event.preventDefault()}
              />
            }
          />
        )}
        <span id={`${listId}-hint`} className={styles.hint}>
          {tooLong ? t('chat.composer.tooLong', { maximum: maximumBodyLength.toLocaleString() }) : t('chat.composer.hint')}
        </span>
        <Button size="sm" variant="primary" icon={<Send size={14} />} disabled={disabled || !text.trim() || tooLong} onClick={submit}>
          {editing ? t('chat.composer.save') : t('chat.composer.send')}
        </Button>
      </div>
    </div>
  );
}
