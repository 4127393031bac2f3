import type { CalendarPart } from '../part';

/** The calendar's feed part; its operations join the calendar module's. */
export const feedPart: CalendarPart = { typeDefs: '', resolvers: {}, access: {} };
