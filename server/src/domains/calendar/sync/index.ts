import type { CalendarPart } from '../part';

/** The calendar's sync part; its operations join the calendar module's. */
export const syncPart: CalendarPart = { typeDefs: '', resolvers: {}, access: {} };
