/** The search area's state shared with the dashboard frame. Names end in Atom (STYLE). */
import { atom } from '../../lib/store';

/** Whether the command palette (Ctrl/Cmd+K) is open: the sidebar's trigger and the shortcut both set it. */
export const commandPaletteOpenAtom = atom(false);
