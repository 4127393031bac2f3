import { addCalendarDays, isCalendarDate, isKnownTimeZone, startOfDayInZone } from '#shared/reports';
import { codedError } from '../../errors';

/** The longest team report: a year (SPEC §9's longest window) and a day of slack for time zones. */
export const maximumReportDays = 366;

export interface StandupArguments {
  project?: string | null;
  date: string;
  team?: string | null;
  timeZone?: string | null;
}

export interface StandupInput {
  project: string | null;
  team: string | null;
  timeZone: string;
  /** The chosen day and the day before it, each with its bounds as UTC instants. */
  days: { date: string; from: string; until: string }[];
}

function parseTimeZone(given: string | null | undefined): string {
  const timeZone = given === null || given === undefined || given === '' ? 'UTC' : given;
  if (!isKnownTimeZone(timeZone)) throw codedError('REPORT_TIME_ZONE_INVALID', { field: 'timeZone' });
  return timeZone;
}

const optionalId = (value: string | null | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** getReports' arguments checked before anything is read. */
export function parseStandupArguments(args: StandupArguments): StandupInput {
  if (!isCalendarDate(args.date)) throw codedError('REPORT_DATE_INVALID', { field: 'date' });
  const timeZone = parseTimeZone(args.timeZone);
  const dayOf = (date: string) => ({
    date,
    from: startOfDayInZone(date, timeZone).toISOString(),
    until: startOfDayInZone(addCalendarDays(date, 1), timeZone).toISOString(),
  });
  return {
    project: optionalId(args.project),
    team: optionalId(args.team),
    timeZone,
    days: [dayOf(addCalendarDays(args.date, -1)), dayOf(args.date)],
  };
}

export interface TeamReportArguments {
  projects?: readonly string[] | null;
  startdate: string;
  enddate: string;
  team?: string | null;
}

export interface TeamReportInput {
  projects: string[] | null;
  team: string | null;
  from: string;
  until: string;
}

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A bound of getReport: a full ISO instant (the client sends its window's ends), or a date (its UTC midnight). */
function parseInstant(value: string, field: 'startdate' | 'enddate'): string {
  if (isCalendarDate(value)) return `${value}T00:00:00.000Z`;
  const instant = isoInstant.test(value) ? new Date(value) : null;
  if (!instant || Number.isNaN(instant.getTime())) throw codedError('REPORT_DATE_INVALID', { field });
  return instant.toISOString();
}

/** getReport's arguments checked before anything is read. */
export function parseTeamReportArguments(args: TeamReportArguments): TeamReportInput {
  const from = parseInstant(args.startdate, 'startdate');
  const until = parseInstant(args.enddate, 'enddate');
  if (until < from) throw codedError('REPORT_DATES_REVERSED', { field: 'enddate' });
  if (Date.parse(until) - Date.parse(from) > maximumReportDays * 86_400_000)
    throw codedError('REPORT_RANGE_TOO_LONG', { params: { maximum: maximumReportDays }, field: 'enddate' });
  const projects = args.projects === null || args.projects === undefined || args.projects.length === 0 ? null : [...new Set(args.projects)];
  return { projects, team: optionalId(args.team), from, until };
}
