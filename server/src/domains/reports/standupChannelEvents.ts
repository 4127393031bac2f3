import type { Language } from '#shared/constants';
import type { DomainEvent } from '../../core/events';

/** A space admin set whether, when and in which zone the space's standup is posted to its channel. */
export interface StandupScheduleSet {
  projectId: string;
  teamId: string;
  enabled: boolean;
  time: string;
  timeZone: string;
  weekdays: number[];
  /** The setter's language, which the entries are written in. */
  language: Language;
}

/**
 * The standup job's claim of one space's local day, in the same unit of work as the entry it posts; appended with
 * the stream's expected version, so two processes or a restart never post one day twice. `messageId` is null when
 * there was nothing to report (no entry is posted then).
 */
export interface StandupPosted {
  projectId: string;
  date: string;
  from: string;
  until: string;
  messageId: string | null;
}

export type StandupChannelEvent = DomainEvent<'standup.schedule_set', StandupScheduleSet> | DomainEvent<'standup.posted', StandupPosted>;
