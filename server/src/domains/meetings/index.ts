import type { DomainModule } from '../module';
import { meetingsTypeDefs } from './schema';

/** Meetings: rooms per space and ad hoc, guests by link, calls and their peer-to-peer signalling (issue 15). */
export const meetingsModule: DomainModule = {
  name: 'meetings',
  typeDefs: meetingsTypeDefs,
  resolvers: {},
  projections: [],
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
    subInvited: 'teamMember',
    subInvitedBasic: 'public',
    subVideocall: 'public',
  },
};
