/**
 * The search page's query as it lives in the URL (?q=&type=&space=&from=&to=, so a reload or a shared
 * link keeps it), the checks made before asking the server, and the highlighted pieces of a result.
 */
import { isProjectId } from '../../app/routeRules';
import { searchKinds, validateSearchText } from '#shared/search';
import type { SearchVariables, TextRange } from './operations';

/** getSearch's filter values (SPEC §7), "all" first, then what the index holds (shared with the server). */
export const searchTypes = ['all', ...searchKinds] as const;
export type SearchType = (typeof searchTypes)[number];

export interface SearchQuery {
  text: string;
  type: SearchType;
  /** A space id, or '' for every space. */
  space: string;
  /** YYYY-MM-DD, or '' for no bound. */
  from: string;
  to: string;
}

export const emptySearchQuery: SearchQuery = { text: '', type: 'all', space: '', from: '', to: '' };

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string | null): string {
  return value && isoDay.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
}

function isSearchType(value: string | null): value is SearchType {
  return (searchTypes as readonly (string | null)[]).includes(value);
}

/** The query a URL describes; anything malformed in it is dropped rather than sent. */
export function searchQueryFrom(params: URLSearchParams): SearchQuery {
  const typeParam = params.get('type');
  const type = isSearchType(typeParam) ? typeParam : 'all';
  const space = params.get('space');
  return {
    text: params.get('q') ?? '',
    type,
    // Calendar events are in no space: a space beside the Events type would only empty the list.
    space: type !== 'event' && isProjectId(space ?? undefined) ? (space ?? '') : '',
    from: validDay(params.get('from')),
    to: validDay(params.get('to')),
  };
}

/** The URL's search part for a query: only what differs from the defaults. */
export function searchParamsOf(query: SearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.text) params.set('q', query.text);
  if (query.type !== 'all') params.set('type', query.type);
  if (query.space) params.set('space', query.space);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return params;
}

export type SearchProblem = 'tooShort' | 'endBeforeStart';

/** What getSearch is asked, or why nothing is asked yet: too short a text, or a range that ends before it starts. */
export function searchRequestOf(query: SearchQuery, first: number): { variables: SearchVariables } | { problem: SearchProblem } {
  if (query.from && query.to && query.to < query.from) return { problem: 'endBeforeStart' };
  const text = validateSearchText(query.text);
  if (!text.ok) return { problem: 'tooShort' };
  return {
    variables: {
      text: text.text,
      filter: query.type,
      space: query.space || null,
      startdate: query.from || null,
      enddate: query.to || null,
      first,
    },
  };
}

export interface TextPiece {
  text: string;
  marked: boolean;
}

/**
 * A text cut into plain and matched pieces by its ranges (UTF-16 offsets): ranges are sorted, clipped to the
 * text and merged where they overlap, so a server's odd range never repeats or loses a character.
 */
export function highlightPieces(text: string, ranges: readonly TextRange[]): TextPiece[] {
  const spans = ranges
    .map((range) => [Math.max(0, range.start), Math.min(text.length, range.start + range.length)] as const)
    .filter(([start, end]) => end > start)
    .sort((left, right) => left[0] - right[0]);
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const [start, end] of spans) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) pieces.push({ text: text.slice(at, from), marked: false });
    const last = pieces[pieces.length - 1];
    if (last?.marked && from === at) last.text += text.slice(from, end);
    else pieces.push({ text: text.slice(from, end), marked: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}

/** A result's link when it is a path of this app; anything else (another origin, a scheme) is not followed. */
export function appPath(link: string): string | null {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null;
}
