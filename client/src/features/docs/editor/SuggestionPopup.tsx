import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Editor.module.css';
import type { SuggestionStore } from './suggestionStore';

/** The open suggestion list (slash menu, @people, #tasks) under the caret; the editor keeps the focus, so it is an ARIA listbox driven by the keys. */
export function SuggestionPopup({ store }: { store: SuggestionStore }) {
  const { t } = useTranslation();
  const view = useSyncExternalStore(store.subscribe, store.getView);
  if (!view) return null;
  const label = { slash: t('docs.editor.slashMenu'), person: t('docs.editor.mentionPeople'), task: t('docs.editor.mentionTasks') }[
    view.kind
  ];
  const position = view.rect ? { top: view.rect.bottom + 6, left: view.rect.left } : undefined;
  return (
    <div className={styles.suggestions} style={position} data-kind={view.kind}>
      {view.options.length === 0 ? (
        <p className={styles.noSuggestions} role="status">
          {t('docs.editor.noMatches')}
        </p>
      ) : (
        <ul role="listbox" aria-label={label}>
          {view.options.map((option, index) => (
            <li
              key={option.key}
              role="option"
              aria-selected={index === view.selected}
              className={styles.suggestion}
              // mousedown, not click: a click would first blur the editor and end the suggestion.
              onMouseDown={(event) => {
                event.preventDefault();
                view.choose(index);
              }}
            >
              {option.label}
              {option.hint && <span className={styles.suggestionHint}>{option.hint}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
