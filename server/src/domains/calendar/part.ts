import type { IResolvers } from 'mercurius';
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
  /** The part's own read tables, joined to the calendar module's projections. */
  projections?: readonly Projection[];
  /** Periodic work through services.jobs, as DomainModule.start. */
  start?: (services: Services) => (() => void) | void;
}
