/**
 * The collaborative editor (a lazy chunk: Tiptap, ProseMirror and Yjs bindings load with the
 * first doc opened). Everyone in the room edits the same Y.Doc; a reader gets the same live view
 * without the tools.
 */
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { BubbleMenu } from '@tiptap/react/menus';
import { Bold, Code, Italic, Link2, Sparkles, Strikethrough } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openDialog, showToast } from '../../../ui';
import type { CollabSession } from '../collab/session';
import { EditorToolbar } from './EditorToolbar';
import styles from './Editor.module.css';
import { docExtensions, type EditorDependencies } from './extensions';
import { normalizeLink } from './links';
import { SuggestionPopup } from './SuggestionPopup';
import { SuggestionStore } from './suggestionStore';
import { useMentionSources } from './useMentionSources';
import { useImageUpload } from '../useImageUpload';
import { docScope, docWritingTarget } from '../../ai/writing/docTarget';
import { useWritingTools } from '../../ai/writing/useWritingTools';
import { WritingMenu } from '../../ai/writing/WritingMenu';

// y-indexeddb ships in this chunk; the doc's session opens its store from here (collab/connect.ts).
export { openLocalDoc } from './localPersistence';

export interface DocEditorProps {
  session: CollabSession;
  editable: boolean;
  /** The doc's space (mentions, task links); null on a public link. */
  project: string | null;
  user: EditorDependencies['user'];
  resolveImage: EditorDependencies['resolveImage'];
  onEditor?: (editor: Editor | null) => void;
}

export default function DocEditor({ session, editable, project, user, resolveImage, onEditor }: DocEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const suggestions = useMemo(() => new SuggestionStore(), []);
  const { findPeople, findTasks } = useMentionSources(editable ? project : null);
  // Images are uploaded to the doc's space; the doc keeps their /media path. The upload ends after the editor exists.
  const editorRef = useRef<Editor | null>(null);
  const images = useImageUpload(project, (src) => editorRef.current?.chain().focus().setImage({ src, alt: '' }).run());
  // The AI writing tools' menu sits in the toolbar; the bubble menu and "/ai" open it too, then the focus goes back to the text.
  const [aiMenuOpen, setAiMenuOpen] = useState(false);
  const [aiMenuFromText, setAiMenuFromText] = useState(false);
  const openAiMenuFromText = useCallback(() => {
    setAiMenuFromText(true);
    setAiMenuOpen(true);
  }, []);

  const editor = useEditor(
    {
      editable,
      extensions: docExtensions({
        session,
        user,
        project,
        suggestions,
        resolveImage,
        findPeople,
        findTasks,
        placeholder: t('docs.editor.placeholder'),
        slashTitle: (id) => (id === 'ai' ? t('ai.writing.slash') : t(`docs.slash.${id}`)),
        slashActions: { pickImage: images.pick, openAiWriting: openAiMenuFromText },
      }),
      editorProps: {
        // A named multi-line text box, so screen readers announce what it is and may carry its name.
        attributes: { class: styles.prose ?? '', role: 'textbox', 'aria-multiline': 'true', 'aria-label': t('docs.editor.label') },
      },
    },
    // A new session is a new Y.Doc: the editor is rebuilt on it. The rest is read through refs.
    [session],
  );

  useLayoutEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  useEffect(() => {
    editor.setEditable(editable);
  }, [editor, editable]);

  const writing = useWritingTools(useCallback((action) => docWritingTarget(editor, action), [editor]));
  const aiMenu = (
    <WritingMenu
      open={aiMenuOpen}
      onOpenChange={(open) => {
        setAiMenuOpen(open);
        if (open) writing.prepare();
      }}
      scope={aiMenuOpen ? docScope(editor) : 'wholeText'}
      onChoose={writing.choose}
      onCloseAutoFocus={(event) => {
        if (!aiMenuFromText) return;
        setAiMenuFromText(false);
        event.preventDefault();
        editor.commands.focus();
      }}
      trigger={
        <button
          type="button"
          className={`${styles.tool} ${styles.aiTool}`}
          aria-label={t('ai.writing.button')}
          title={t('ai.writing.button')}
          // Keeps the editor's selection, which is what the tools work on.
          onMouseDown={(event) => event.preventDefault()}
        >
          <Sparkles size={15} aria-hidden />
        </button>
      }
    />
  );

  useEffect(() => {
    onEditor?.(editor);
    return () => onEditor?.(null);
  }, [editor, onEditor]);

  const editLink = async () => {
    const current = editor.getAttributes('link').href as string | undefined;
    const { confirmed, values } = await openDialog({
      title: t('docs.editor.linkTitle'),
      inputs: [{ label: t('docs.editor.linkUrl'), defaultValue: current ?? '', placeholder: 'https://' }],
      primaryLabel: t('docs.editor.linkApply'),
    });
    if (!confirmed) return;
    const typed = values[0]?.trim() ?? '';
    if (!typed) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    const href = normalizeLink(typed);
    if (href) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    else showToast({ message: t('docs.editor.linkInvalid'), icon: 'error' });
  };

  // Task mentions are links to the task's panel: followed inside the app, not by reloading the page.
  const followTaskLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-task]');
    if (!link || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    void navigate(link.getAttribute('href') ?? '/');
  };

  return (
    <div className={styles.shell}>
      {editable && (
        <div className={styles.top}>
          <EditorToolbar editor={editor} onLink={() => void editLink()} onImage={images.pick} extra={aiMenu} />
          {writing.panel}
        </div>
      )}
      {editable && <input {...images.inputProps} />}
      {images.uploading && (
        <p className={styles.uploading} role="status">
          {t('docs.upload.progress')}
        </p>
      )}
      <div className={styles.surface} onClick={followTaskLink}>
        <EditorContent editor={editor} />
      </div>
      <SuggestionPopup store={suggestions} />
      {editable && (
        <BubbleMenu editor={editor} className={styles.bubble}>
          <button type="button" aria-label={t('docs.editor.bold')} onClick={() => editor.chain().focus().toggleBold().run()}>
            <Bold size={14} aria-hidden />
          </button>
          <button type="button" aria-label={t('docs.editor.italic')} onClick={() => editor.chain().focus().toggleItalic().run()}>
            <Italic size={14} aria-hidden />
          </button>
          <button type="button" aria-label={t('docs.editor.strike')} onClick={() => editor.chain().focus().toggleStrike().run()}>
            <Strikethrough size={14} aria-hidden />
          </button>
          <button type="button" aria-label={t('docs.editor.code')} onClick={() => editor.chain().focus().toggleCode().run()}>
            <Code size={14} aria-hidden />
          </button>
          <button type="button" aria-label={t('docs.editor.link')} onClick={() => void editLink()}>
            <Link2 size={14} aria-hidden />
          </button>
          <button
            type="button"
            aria-label={t('ai.writing.button')}
            onMouseDown={(event) => event.preventDefault()}
            onClick={openAiMenuFromText}
          >
            <Sparkles size={14} aria-hidden />
          </button>
        </BubbleMenu>
      )}
    </div>
  );
}
