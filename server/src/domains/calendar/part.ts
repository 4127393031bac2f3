import type { IResolvers } from 'mercurius';
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
  /** Periodic work through services.jobs, as DomainModule.start. */
  start?: (services: Services) => (() => void) | void;
}
