import type { DomainModule } from '../module';
import { finishOpenCalls } from './calls';
import { callMutations, callQueries } from './callResolvers';
import { meetingSubscriptions } from './live';
import { notesFields, notesMutations, notesTypeDefs } from './notes';
import { meetingsProjection } from './projection';
import { ringsProjection } from './ringProjection';
import { roomMutations, roomQueries } from './roomResolvers';
import { recordingMutations, startRecordingEndsCheck } from './recordings';
import { pickUpRinging } from './ringing';
import { ringMutations, ringQueries, ringSubscriptions } from './ringResolvers';
import { startSafetyNets } from './safetyNets';
import { meetingsTypeDefs } from './schema';

export {
  findRoom as findMeetingroom,
  guestsById as meetingGuestsById,
  holdsGuestCredential,
  memberMayUse as memberMayUseMeetingroom,
  requestGuest as meetingGuestOfRequest,
} from './state';
export type { CallOutcome, MeetingsEvent, RecordingSaved, VideocallFinished } from './events';
export type { CallEntryBody } from './ringRules';
export { ringClockOf } from './ringing';
export { meetingrooms } from './tables';
export { recordingPrefix } from './livekit';
export { registerMeetingRoutes } from './webhook';
/** What the calendar needs to make a meeting event's ad hoc room in its own unit of work. */
export { decideCreateRoom as decideCreateMeetingroom, guestLinkFrom as meetingGuestLinkFrom, meetingLimits } from './commands';
export { meetingsPolicy } from './policies';

/** Meetings: rooms per space and ad hoc, guests by link, calls and their peer-to-peer signalling (issue 15). */
export const meetingsModule: DomainModule = {
  name: 'meetings',
  typeDefs: meetingsTypeDefs + notesTypeDefs,
  resolvers: {
    Query: { ...roomQueries, ...callQueries, ...ringQueries },
    Mutation: { ...roomMutations, ...callMutations, ...recordingMutations, ...ringMutations, ...notesMutations },
    Meetingroom: notesFields,
    Subscription: { ...meetingSubscriptions, ...ringSubscriptions },
  },
  projections: [meetingsProjection, ringsProjection],
  // Guests have no account: their operations are public and the resolvers admit a member of the room or its admitted guest.
  access: {
    getMeetingrooms: 'teamMember',
    getInvited: 'public',
    getVideocalls: 'public',
    initiateMeetingroom: 'teamMember',
    resetMeetingroomLink: 'teamMember',
    initiateMeetingroomNotes: 'teamMember',
    setInvited: 'public',
    ediInvited: 'teamMember',
    joinVideocall: 'public',
    leaveVideocall: 'public',
    signalVideocall: 'public',
    setVideocallState: 'public',
    startRecording: 'teamMember',
    stopRecording: 'teamMember',
    subInvited: 'teamMember',
    subInvitedBasic: 'public',
    subVideocall: 'public',
    getRings: 'teamMember',
    ringVideocall: 'teamMember',
    answerVideocall: 'teamMember',
    subCalls: 'teamMember',
    subMeetingrooms: 'teamMember',
  },
  // Nothing is in a call when the server starts: calls a crash left open are finished, once (their rings
  // cancelled with them); rings of calls still open elsewhere get their timeout here. Several processes on one
  // database (issue 22): the open calls may be another living process's, so only a process alone in the registry
  // finishes them; while others live, leased jobs end the rings and calls of processes that died (safetyNets.ts).
  start: (services) => {
    services.jobs.soon('meetings: finish calls left open', async () => {
      if (services.cluster === null || (await services.cluster.isAlone())) await finishOpenCalls(services);
      await pickUpRinging(services);
    });
    const cancels = [startSafetyNets(services), startRecordingEndsCheck(services)];
    return () => {
      for (const cancel of cancels) cancel();
    };
  },
};
