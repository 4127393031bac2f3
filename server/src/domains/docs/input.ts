import { docDescriptionMaximum, docEmojiMaximum, docPageSize, docSorts, docTitleLength, type DocSort } from '#shared/docs';
import { codedError, refusal } from '../../errors';
import { isId } from '../../core/ids';
import { isAllowedImage } from '../tasks';
import type { DocFields } from './events';

/** The doc fields as the GraphQL arguments name them (SPEC §7: setWorkspace, updateWall). */
export interface DocArguments {
  title?: string | null;
  emoji?: string | null;
  cover?: string | null;
  description?: string | null;
  folder?: string | null;
}

/** Clients send "" or null to clear an optional field. */
const cleared = (value: unknown) => value === null || value === '';

/** Emoji, with the joiners, variation selectors, skin tones and keycaps that make up one. */
const emojiPattern = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3|[#*0-9])+$/u;

export function docTitle(raw: unknown): string {
  const title = typeof raw === 'string' ? raw.trim() : '';
  if (title.length < docTitleLength.minimum) throw codedError('DOC_TITLE_REQUIRED', { field: 'title' });
  if (title.length > docTitleLength.maximum)
    throw codedError('DOC_TITLE_TOO_LONG', { params: { maximum: docTitleLength.maximum }, field: 'title' });
  return title;
}

function emojiOf(raw: string): string {
  const emoji = raw.trim();
  if ([...emoji].length > docEmojiMaximum || !emojiPattern.test(emoji) || !/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(emoji))
    throw codedError('DOC_EMOJI_INVALID', { field: 'emoji' });
  return emoji;
}

/**
 * The fields a call sets, validated: absent arguments are left alone, null or "" clears an optional
 * field. The folder is only checked for shape here; whether it is a doc folder of the doc's space
 * is the caller's check (see folders.ts).
 */
export function parseDocArguments(args: DocArguments): Partial<DocFields> {
  const fields: Partial<DocFields> = {};
  if (args.title !== undefined && args.title !== null) fields.title = docTitle(args.title);
  if (args.emoji !== undefined) fields.emoji = cleared(args.emoji) ? null : emojiOf(args.emoji!);
  if (args.cover !== undefined) {
    if (cleared(args.cover)) fields.cover = null;
    else if (isAllowedImage(args.cover)) fields.cover = args.cover;
    else throw codedError('DOC_COVER_INVALID', { field: 'cover' });
  }
  if (args.description !== undefined) {
    const description = cleared(args.description) ? null : args.description!.trim();
    if (description !== null && description.length > docDescriptionMaximum)
      throw codedError('DOC_DESCRIPTION_TOO_LONG', { params: { maximum: docDescriptionMaximum }, field: 'description' });
    fields.description = description || null;
  }
  if (args.folder !== undefined) {
    if (cleared(args.folder)) fields.folderId = null;
    else if (isId(args.folder)) fields.folderId = args.folder;
    else throw refusal('NOT_FOUND', 'DOC_FOLDER_NOT_FOUND');
  }
  return fields;
}

/** getWalls' page: `limit` 1 to 100 (50 when absent), `offset` 0 or more. */
export function parsePage(limit: number | null | undefined, offset: number | null | undefined): { limit: number; offset: number } {
  const page = { limit: limit ?? docPageSize.default, offset: offset ?? 0 };
  if (
    !Number.isInteger(page.limit) ||
    page.limit < 1 ||
    page.limit > docPageSize.maximum ||
    !Number.isInteger(page.offset) ||
    page.offset < 0
  )
    throw codedError('DOC_PAGE_INVALID', { params: { maximum: docPageSize.maximum } });
  return page;
}

/** getWalls' order: updated (when absent), title or created. */
export function parseSort(sort: string | null | undefined): DocSort {
  if (sort === null || sort === undefined) return 'updated';
  if (!(docSorts as readonly string[]).includes(sort))
    throw codedError('DOC_SORT_INVALID', { params: { sorts: docSorts.join(', ') }, field: 'sort' });
  return sort as DocSort;
}
