import type { DomainModule } from '../module';
import { finishOpenCalls } from './calls';
import { callMutations, callQueries } from './callResolvers';
import { meetingSubscriptions } from './live';
import { meetingsProjection } from './projection';
import { roomMutations, roomQueries } from './roomResolvers';
import { recordingMutations } from './recordings';
import { meetingsTypeDefs } from './schema';

export { findRoom as findMeetingroom, holdsGuestCredential, memberMayUse as memberMayUseMeetingroom } from './state';
export type { MeetingsEvent, RecordingSaved } from './events';
export { recordingPrefix } from './livekit';
export { registerMeetingRoutes } from './webhook';

/** Meetings: rooms per space and ad hoc, guests by link, calls and their peer-to-peer signalling (issue 15). */
export const meetingsModule: DomainModule = {
  name: 'meetings',
  typeDefs: meetingsTypeDefs,
  resolvers: {
    Query: { ...roomQueries, ...callQueries },
    Mutation: { ...roomMutations, ...callMutations, ...recordingMutations },
    Subscription: meetingSubscriptions,
  },
  projections: [meetingsProjection],
  // Guests have no account: their operations are public and the resolvers admit a member of the room or its admitted guest.
  access: {
    getMeetingrooms: 'teamMember',
    getInvited: 'public',
    getVideocalls: 'public',
    initiateMeetingroom: 'teamMember',
    resetMeetingroomLink: 'teamMember',
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
  },
  // Nothing is in a call when the server starts: calls a crash left open are finished, once.
  start: (services) => {
    services.jobs.soon('meetings: finish calls left open', () => finishOpenCalls(services));
  },
};
