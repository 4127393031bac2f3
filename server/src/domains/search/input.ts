import { searchKinds } from '#shared/search';
import { codedError } from '../../errors';

export const searchLimits = { minimumExclusive: 4, maximum: 500, defaultFirst: 20, maximumFirst: 50 } as const;

export const searchFilters = ['all', ...searchKinds] as const;
export type SearchFilter = (typeof searchFilters)[number];

export interface SearchArguments {
  text: string;
  filter?: string | null;
  startdate?: string | null;
  enddate?: string | null;
  space?: string | null;
  first?: number | null;
}

export interface SearchInput {
  text: string;
  filter: SearchFilter;
  /** Inclusive bounds as ISO instants, compared with the items' creation times. */
  from: string | null;
  until: string | null;
  space: string | null;
  first: number;
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A date bound: a calendar date covers its whole day (UTC); a full ISO date and time is taken as it is. */
function parseBound(given: string | null | undefined, field: 'startdate' | 'enddate'): string | null {
  if (given === null || given === undefined || given.trim() === '') return null;
  const value = given.trim();
  if (dateOnly.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) throw codedError('SEARCH_DATE_INVALID', { field });
    return field === 'startdate' ? day.toISOString() : new Date(day.getTime() + 86_400_000 - 1).toISOString();
  }
  const instant = isoInstant.test(value) ? new Date(value) : null;
  if (!instant || Number.isNaN(instant.getTime())) throw codedError('SEARCH_DATE_INVALID', { field });
  return instant.toISOString();
}

/** getSearch's arguments checked: a clear error for each wrong one, before anything is read. */
export function parseSearchArguments(args: SearchArguments): SearchInput {
  const text = typeof args.text === 'string' ? args.text.trim() : '';
  if (text.length > searchLimits.maximum) throw codedError('SEARCH_TOO_LONG', { params: { maximum: searchLimits.maximum }, field: 'text' });
  if ([...text].length <= searchLimits.minimumExclusive) throw codedError('SEARCH_TOO_SHORT', { field: 'text' });
  const filter = args.filter === null || args.filter === undefined || args.filter === '' ? 'all' : args.filter;
  if (!(searchFilters as readonly string[]).includes(filter))
    throw codedError('CHOICE_INVALID', { params: { choices: searchFilters.join(', ') }, field: 'filter' });
  const from = parseBound(args.startdate, 'startdate');
  const until = parseBound(args.enddate, 'enddate');
  if (from !== null && until !== null && until < from) throw codedError('SEARCH_DATES_REVERSED', { field: 'enddate' });
  const first = args.first ?? searchLimits.defaultFirst;
  if (!Number.isInteger(first) || first < 1 || first > searchLimits.maximumFirst)
    throw codedError('SEARCH_PAGE_SIZE', { params: { maximum: searchLimits.maximumFirst }, field: 'first' });
  const space = typeof args.space === 'string' && args.space !== '' ? args.space : null;
  return { text, filter: filter as SearchFilter, from, until, space, first };
}
