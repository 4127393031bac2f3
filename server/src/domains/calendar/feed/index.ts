import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../graphql/context';
import type { CalendarPart } from '../part';
import { feedMutations, feedQueries, feedTypeDefs } from './feedOperations';
import { registerFeedRoute } from './feedRoute';
import { registerGuestRoutes } from './guestAnswers';
import { startGuestMails } from './guestMails';
import { calendarFeedsProjection } from './projection';

export type { CalendarFeedEvent } from './events';

/**
 * The calendar's feed part: the private ICS feed's operations (the feed is the caller's, of their current
 * team) and the guests' invitation mails; its routes are registered by registerCalendarRoutes.
 */
export const feedPart: CalendarPart = {
  typeDefs: feedTypeDefs,
  resolvers: { Query: feedQueries, Mutation: feedMutations },
  access: { getCalendarFeed: 'teamMember', resetCalendarFeed: 'teamMember', revokeCalendarFeed: 'teamMember' },
  projections: [calendarFeedsProjection],
  start: (services) => startGuestMails(services),
};

/**
 * The calendar's public routes: GET /calendar/feed/<token>.ics (the private feed), GET and POST
 * /calendar/rsvp/<token> (a guest's answer page), POST /calendar/itip (a guest's iTIP REPLY from a mail bridge).
 */
export function registerCalendarRoutes(server: FastifyInstance, services: Services): void {
  registerFeedRoute(server, services);
  registerGuestRoutes(server, services);
}
