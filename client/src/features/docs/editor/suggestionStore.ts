/**
 * Bridges Tiptap's Suggestion plugin (slash menu, @people, #tasks) to one React popup: the
 * plugin's render callbacks write here, SuggestionPopup reads with useSyncExternalStore. The
 * arrow keys, Enter and Escape are handled here because the editor keeps the focus meanwhile.
 */
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';

export interface SuggestionOption {
  key: string;
  label: string;
  hint?: string;
}

export interface SuggestionView {
  kind: 'slash' | 'person' | 'task';
  options: SuggestionOption[];
  selected: number;
  rect: DOMRect | null;
  choose: (index: number) => void;
}

export class SuggestionStore {
  private view: SuggestionView | null = null;
  private readonly listeners = new Set<() => void>();

  getView = (): SuggestionView | null => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(view: SuggestionView | null): void {
    this.view = view;
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * Suggestion's `render` for items of type T: `toOption` says how one is listed. Returns true
   * from onKeyDown for the keys it handled, so the editor does not also act on them.
   */
  renderer<T>(kind: SuggestionView['kind'], toOption: (item: T) => SuggestionOption) {
    return () => {
      let current: SuggestionProps<T, T> | null = null;
      const show = (props: SuggestionProps<T, T>, selected: number) => {
        current = props;
        this.set({
          kind,
          options: props.items.map(toOption),
          selected,
          rect: props.clientRect?.() ?? null,
          choose: (index) => {
            const item = props.items[index];
            if (item !== undefined) props.command(item);
          },
        });
      };
      return {
        onStart: (props: SuggestionProps<T, T>) => show(props, 0),
        onUpdate: (props: SuggestionProps<T, T>) => show(props, 0),
        onExit: () => {
          current = null;
          this.set(null);
        },
        onKeyDown: ({ event }: SuggestionKeyDownProps) => {
          const view = this.view;
          if (!view || !current || view.options.length === 0) return false;
          const count = view.options.length;
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            const step = event.key === 'ArrowDown' ? 1 : -1;
            this.set({ ...view, selected: (view.selected + step + count) % count });
            return true;
          }
          if (event.key === 'Enter' || event.key === 'Tab') {
            view.choose(view.selected);
            return true;
          }
          if (event.key === 'Escape') {
            this.set(null);
            return true;
          }
          return false;
        },
      };
    };
  }
}
