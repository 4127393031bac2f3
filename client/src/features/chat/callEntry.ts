import type { TFunction } from 'i18next';
/** A call entry's body (a message of type "call"): JSON written by the server when a chat's call finished, never Markdown. */
export type CallOutcome = 'made' | 'missed' | 'cancelled';

export interface CallEntryBody {
  videocall: string;
  outcome: CallOutcome;
  durationMs: number;
  startedBy: string | null;
  /** The room's notes doc and its space, when the call's room had notes (a space's room). */
  notes?: { doc: string; project: string } | null;
}

const outcomes: readonly string[] = ['made', 'missed', 'cancelled'];

/** The entry's fields, or null when the body is not a call entry's JSON (then nothing of it is shown as text either). */
export function parseCallEntry(body: string): CallEntryBody | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { videocall, outcome, durationMs, startedBy, notes } = value as Record<string, unknown>;
  if (typeof videocall !== 'string' || typeof outcome !== 'string' || !outcomes.includes(outcome)) return null;
  return {
    videocall,
    outcome: outcome as CallOutcome,
    durationMs: typeof durationMs === 'number' && Number.isFinite(durationMs) && durationMs > 0 ? durationMs : 0,
    startedBy: typeof startedBy === 'string' ? startedBy : null,
    notes: notesOf(notes),
  };
}

/** The entry's notes link, when the body names a doc and its space (anything else is no link). */
function notesOf(value: unknown): { doc: string; project: string } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { doc, project } = value as Record<string, unknown>;
  return typeof doc === 'string' && doc !== '' && typeof project === 'string' && project !== '' ? { doc, project } : null;
}

/** "45 sec", "12 min", "1 hr 5 min" in the interface language (Intl units). */
export function formatCallDuration(durationMs: number, language: string): string {
  const unit = (value: number, name: 'second' | 'minute' | 'hour') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const seconds = Math.round(durationMs / 1000);
  if (seconds < 60) return unit(seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/** A call entry in a few words ("Call · 12 min", "Missed call"), for the chat lists' previews and the entry itself. */
export function callSummary(entry: CallEntryBody | null, t: TFunction, language: string): string {
  if (!entry) return t('chat.call.unreadable');
  if (entry.outcome === 'made') return t('chat.call.made', { duration: formatCallDuration(entry.durationMs, language) });
  return entry.outcome === 'missed' ? t('chat.call.missed') : t('chat.call.cancelled');
}
