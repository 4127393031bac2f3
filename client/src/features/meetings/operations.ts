/** Meetings (SPEC §3 Meeting room, Invited guest, Video call; §7): the area's documents, typed from the schema. */
import { graphql, type ResultOf } from '../../lib/graphqlDocument';

const participantFragment = graphql(
  'fragment MeetingParticipant on MeetingParticipant { id user invited name profileImg audio video screen hand }',
);

const meetingroomFragment = graphql(
  `
    fragment Meetingroom on Meetingroom {
      id
      name
      project
      team
      author
      createdAt
      updated
      videocall
      guestLink
      guestLinkExpiresAt
      participants {
        ...MeetingParticipant
      }
    }
  `,
  [participantFragment],
);

const invitedFragment = graphql('fragment Invited on Invited { id name state meetingroom createdAt updatedAt }');

const videocallFragment = graphql(
  `
    fragment Videocall on Videocall {
      id
      name
      finishedAt
      meetingroom
      meeting {
        transport
        url
        iceServers
        maximum
      }
      attendee {
        id
        joinToken
        externalUserId
      }
      users {
        ...MeetingParticipant
      }
    }
  `,
  [participantFragment],
);

export type Meetingroom = ResultOf<typeof meetingroomFragment>;
export type MeetingParticipant = ResultOf<typeof participantFragment>;
export type Invited = ResultOf<typeof invitedFragment>;
export type Videocall = ResultOf<typeof videocallFragment>;

export const getMeetingroomsDocument = graphql(
  `
    query GetMeetingrooms($project: ID) {
      getMeetingrooms(project: $project) {
        ...Meetingroom
      }
    }
  `,
  [meetingroomFragment],
);

/** The rooms list live: a new room, a call started or finished, who came or went (the room as it is now). */
export const subMeetingroomsDocument = graphql(
  `
    subscription SubMeetingrooms {
      subMeetingrooms {
        type
        seq
        meetingroom {
          ...Meetingroom
        }
      }
    }
  `,
  [meetingroomFragment],
);

export type MeetingroomChange = ResultOf<typeof subMeetingroomsDocument>['subMeetingrooms'];

export const initiateMeetingroomDocument = graphql(
  `
    mutation InitiateMeetingroom($id: ID, $project: ID, $name: String) {
      initiateMeetingroom(id: $id, project: $project, name: $name) {
        ...Meetingroom
      }
    }
  `,
  [meetingroomFragment],
);

export const resetMeetingroomLinkDocument = graphql(
  `
    mutation ResetMeetingroomLink($id: ID!) {
      resetMeetingroomLink(id: $id) {
        ...Meetingroom
      }
    }
  `,
  [meetingroomFragment],
);

export const getInvitedDocument = graphql(
  `
    query GetInvited($meetingroom: ID!) {
      getInvited(meetingroom: $meetingroom) {
        ...Invited
      }
    }
  `,
  [invitedFragment],
);

export const setInvitedDocument = graphql(
  `
    mutation SetInvited($meetingroom: ID!, $name: String!, $link: String!) {
      setInvited(meetingroom: $meetingroom, name: $name, link: $link) {
        credential
        invited {
          ...Invited
        }
      }
    }
  `,
  [invitedFragment],
);

export const ediInvitedDocument = graphql(
  `
    mutation EdiInvited($id: ID!, $state: String!) {
      ediInvited(id: $id, state: $state) {
        ...Invited
      }
    }
  `,
  [invitedFragment],
);

export const subInvitedDocument = graphql(
  `
    subscription SubInvited($meetingroom: ID!) {
      subInvited(meetingroom: $meetingroom) {
        type
        invited {
          ...Invited
        }
      }
    }
  `,
  [invitedFragment],
);

export const subInvitedBasicDocument = graphql(
  `
    subscription SubInvitedBasic($id: ID!) {
      subInvitedBasic(id: $id) {
        type
        invited {
          ...Invited
        }
      }
    }
  `,
  [invitedFragment],
);

export const getVideocallsDocument = graphql(
  `
    query GetVideocalls($meetingroom: ID) {
      getVideocalls(meetingroom: $meetingroom) {
        ...Videocall
      }
    }
  `,
  [videocallFragment],
);

/** Joins the call at a meeting room or a private chat (one of the two). */
export const joinVideocallDocument = graphql(
  `
    mutation JoinVideocall($meetingroom: ID, $privat: ID) {
      joinVideocall(meetingroom: $meetingroom, privat: $privat) {
        ...Videocall
      }
    }
  `,
  [videocallFragment],
);

export const leaveVideocallDocument = graphql(
  'mutation LeaveVideocall($id: ID!, $attendee: ID) { leaveVideocall(id: $id, attendee: $attendee) }',
);

export const signalVideocallDocument = graphql(
  'mutation SignalVideocall($videocall: ID!, $from: ID!, $to: ID!, $signal: String!) { signalVideocall(videocall: $videocall, from: $from, to: $to, signal: $signal) }',
);

export const setVideocallStateDocument = graphql(`
  mutation SetVideocallState(
    $videocall: ID!
    $attendee: ID!
    $audio: Boolean
    $video: Boolean
    $screen: Boolean
    $hand: Boolean
    $reaction: String
  ) {
    setVideocallState(
      videocall: $videocall
      attendee: $attendee
      audio: $audio
      video: $video
      screen: $screen
      hand: $hand
      reaction: $reaction
    )
  }
`);

export const subVideocallDocument = graphql(
  `
    subscription SubVideocall($videocall: ID!, $attendee: ID!) {
      subVideocall(videocall: $videocall, attendee: $attendee) {
        type
        videocall
        reaction
        from
        signal
        participant {
          ...MeetingParticipant
        }
      }
    }
  `,
  [participantFragment],
);

export type VideocallChange = ResultOf<typeof subVideocallDocument>['subVideocall'];
