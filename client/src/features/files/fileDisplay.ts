/** How files read: their SPEC §5 kind (FileKindIcon draws it), dates, durations and dimensions in the user's language. */
import { fileKinds, type FileKind } from '#shared/files';
import type { StoredFile } from './operations';

/** A file's SPEC §5 kind; one the client does not know (a newer server's) is unknown. */
export function kindOf(file: Pick<StoredFile, 'category'>): FileKind {
  return fileKinds.find((kind) => kind === file.category) ?? 'unknown';
}

export const isMedia = (file: Pick<StoredFile, 'category'>) => file.category === 'image' || file.category === 'video';

/** Files the media viewer shows: images, videos, and PDFs through pdf.js. */
export const isViewable = (file: Pick<StoredFile, 'category'>) => isMedia(file) || file.category === 'Pdf';

export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatShortDate(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** 75 -> "1:15", 3725 -> "1:02:05". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export function personName(person: { firstname: string; lastname: string } | null): string | null {
  const name = person ? `${person.firstname} ${person.lastname}`.trim() : '';
  return name || null;
}

/** Starts a download of a file through the session (the server answers with Content-Disposition: attachment). */
export function downloadFile(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
