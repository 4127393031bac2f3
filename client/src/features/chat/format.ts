/** Names and times as the chat shows them, in the interface language (Intl). */
import type { MessageAuthor } from './operations';

export function personName(person: Pick<MessageAuthor, 'firstname' | 'lastname'> | null | undefined, fallback: string): string {
  const name = [person?.firstname, person?.lastname]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return name || fallback;
}

/** "14:05" / "2:05 PM". */
export function formatTime(timestamp: string, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(new Date(timestamp));
}

/** Full date and time, for tooltips. */
export function formatDateTime(timestamp: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(timestamp));
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** The day separator: "Today", "Yesterday" (Intl's own words), else a weekday and date. */
export function formatDay(timestamp: string, language: string, now = new Date()): string {
  const date = new Date(timestamp);
  const days = Math.round((startOfDay(date) - startOfDay(now)) / 86_400_000);
  if (days === 0 || days === -1) {
    const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(days, 'day');
    return relative.charAt(0).toLocaleUpperCase(language) + relative.slice(1);
  }
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}

/** A list's timestamp: the time today, else a short date. */
export function formatListTime(timestamp: string, language: string, now = new Date()): string {
  const date = new Date(timestamp);
  if (startOfDay(date) === startOfDay(now)) return formatTime(timestamp, language);
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(date);
}

/** "Ada, Grace and Alan" in the interface language. */
export function formatNames(names: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
}
