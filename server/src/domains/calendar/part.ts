import type { IResolvers } from 'mercurius';
import type { Reaction } from '../../core/commands';
import type { Projection } from '../../core/events';
import type { Services } from '../../graphql/context';
import type { OperationAccess } from '../module';

/**
 * A piece of the calendar area built in its own folder (the ICS feed and guest answers, CalDAV sync): its
 * SDL, resolvers and operations' access, which the calendar module joins with its own.
 */
export interface CalendarPart {
  typeDefs: string;
  resolvers: IResolvers;
  access: Record<string, OperationAccess>;
  /** The part's own tables' projections (feeds; accounts, calendars, remote objects), run after the events'. */
  projections?: readonly Projection[];
  /** What the part does in the unit of work of an event (as DomainModule.reactions), e.g. guest mails on calendarEvent.*. */
  reactions?: readonly Reaction[];
  /** Periodic work through services.jobs, as DomainModule.start. */
  start?: (services: Services) => (() => void) | void;
}
