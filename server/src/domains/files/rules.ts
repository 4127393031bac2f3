import { errorMessages } from '#shared/errors';
import { fileKindFromMimeType } from '#shared/files';
import { uploadBounds, uploadNameRejection, type UploadErrorKey } from '#shared/uploads';

/** Why a name is refused: each has its own error code (and translation), in a file's or a folder's words. */
export type NameRefusal = 'required' | 'invalid' | 'tooLong';
export type NameCode = `${'FILE' | 'FOLDER'}_NAME_${'REQUIRED' | 'INVALID' | 'TOO_LONG'}`;

/** A file name fit to show and to send back in Content-Disposition, or the reason it is refused. */
export type NameCheck = { ok: true; name: string } | { ok: false; code: NameCode; message: string };

const refusalSuffix = { required: 'REQUIRED', invalid: 'INVALID', tooLong: 'TOO_LONG' } as const;

function refuse(subject: 'file' | 'folder', refusal: NameRefusal): NameCheck {
  const code = `${subject === 'file' ? 'FILE' : 'FOLDER'}_NAME_${refusalSuffix[refusal]}` as const;
  return { ok: false, code, message: errorMessages[code] };
}

/**
 * Names are display text only (bytes are stored under server-made keys), yet a name with a path in it
 * says the client tried to write somewhere else: it is refused rather than silently cut. Control and
 * bidirectional-override characters, which can disguise an extension ("gpj.exe" shown as "exe.jpg"), go.
 * Folder names follow the same rules, refused in a folder's words.
 */
export function checkFileName(raw: string, subject: 'file' | 'folder' = 'file'): NameCheck {
  const name = raw
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not keep
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  if (name === '' || name === '.' || name === '..') return refuse(subject, 'required');
  if (/[/\\]/.test(name)) return refuse(subject, 'invalid');
  if ([...name].length > uploadBounds.nameMaximumLength) return refuse(subject, 'tooLong');
  return { ok: true, name };
}

/** What file-type recognised in the first bytes; undefined when it recognised nothing (text, CSV, SVG, ...). */
export interface Sniffed {
  mime: string;
  ext: string;
}

/** Executable formats refused whatever the file is called. */
const executableMimeTypes = new Set([
  'application/x-msdownload',
  'application/vnd.microsoft.portable-executable',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-executable',
  'application/x-sharedlib',
  'application/x-msi',
  'application/x-ms-installer',
  'application/x-apple-diskimage',
  'application/java-archive',
  'application/vnd.android.package-archive',
  'application/x-ms-shortcut',
  'application/wasm',
]);

const mimePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** Binary families file-type always recognises: a declared type from these that the bytes do not bear out is a lie. */
const sniffableFamilies = ['image/', 'video/', 'audio/', 'application/pdf'];
/** Text formats within those families that no magic number marks. */
const unsniffableTypes = new Set(['image/svg+xml']);

export function normalizeMimeType(declared: string): string | null {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  return mimePattern.test(type) ? type : null;
}

/**
 * The type a file is stored and served with, decided from its bytes: the sniffed type when file-type
 * knows the format, otherwise the declared one. Refused: executables (by content or by name), and a
 * declared image, video, audio or PDF whose bytes are not one (a renamed program posing as a photo).
 */
export function decideStoredType(
  name: string,
  declared: string,
  sniffed: Sniffed | undefined,
): { mimeType: string } | { rejection: UploadErrorKey } {
  if (uploadNameRejection(name)) return { rejection: 'file_invalid_type' };
  const declaredType = normalizeMimeType(declared);
  if (sniffed) {
    if (executableMimeTypes.has(sniffed.mime)) return { rejection: 'file_invalid_type' };
    if (
      declaredType &&
      fileKindFromMimeType(declaredType) !== fileKindFromMimeType(sniffed.mime) &&
      ['image', 'video', 'Pdf'].includes(fileKindFromMimeType(declaredType))
    ) {
      return { rejection: 'file_invalid_type' };
    }
    return { mimeType: sniffed.mime };
  }
  if (declaredType && sniffableFamilies.some((family) => declaredType.startsWith(family)) && !unsniffableTypes.has(declaredType))
    return { rejection: 'file_invalid_type' };
  return { mimeType: declaredType ?? 'application/octet-stream' };
}

/**
 * Types a browser may show in the page: they cannot run script from our origin. SVG and HTML never are,
 * nor PDF, whose embedded JavaScript the browser's own viewer runs (the app previews PDFs with pdf.js).
 */
const inlineTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/quicktime',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/webm',
  'audio/mp4',
  'audio/aac',
  'audio/flac',
]);

export function isInlineType(mimeType: string): boolean {
  return inlineTypes.has(mimeType);
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(mimeType: string, name: string, forceAttachment = false): string {
  const kind = !forceAttachment && isInlineType(mimeType) ? 'inline' : 'attachment';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Parses a single-range `Range: bytes=a-b` header against a size; null for none or unsupported forms. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}
