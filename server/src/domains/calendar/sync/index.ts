import type { CalendarPart } from '../part';
import { syncMutations, syncQueries } from './accounts';
import { calendarSyncProjection } from './projection';
import { syncRunnerOf } from './runner';
import { syncTypeDefs } from './schema';

export { calendarSyncEventTypes, type CalendarSyncEvent } from './events';
export { isRefusedAddress } from './addressGuard';
export { registerGoogleCalendarRoutes } from './googleConsent';

/**
 * CalDAV sync (issue 17): connected accounts and their calendars, two-way sync with tsdav, the SSRF guard,
 * credentials encrypted at rest. Its operations, projection and periodic job join the calendar module's.
 */
export const syncPart: CalendarPart = {
  typeDefs: syncTypeDefs,
  resolvers: { Query: syncQueries, Mutation: syncMutations },
  projections: [calendarSyncProjection],
  // Every operation acts on the caller's own accounts in their current team (checked by the resolvers).
  access: {
    getCalendars: 'teamMember',
    getCalendarAccounts: 'teamMember',
    syncFeatureCalendar: 'teamMember',
    selectCalendar: 'teamMember',
    removeCalendarAccount: 'teamMember',
    syncCalendarAccount: 'teamMember',
  },
  // Every connected, active account is synced each CALENDAR_SYNC_MINUTES, one after another.
  start: (services) => {
    const runner = syncRunnerOf(services);
    services.jobs.every('calendar: sync accounts', services.config.calendar.syncIntervalMs, () => runner.syncAll());
  },
};
