/**
 * Meetings (issue 15, SPEC §3 meeting room, invited guest, video call): rooms per space and ad hoc, guests
 * by link, calls and their peer-to-peer signalling. The contract shared with the client, field for field;
 * /work/brief/meetings-api.md explains the guest and signalling protocol in words.
 */
export const meetingsTypeDefs = /* GraphQL */ `
  "Someone in a room's call now: a member (user set) or an admitted guest (invited set)."
  type MeetingParticipant {
    "The attendee id: one per join, so one person in two tabs is two participants."
    id: ID!
    "The member's user id; null for a guest."
    user: ID
    "The guest's id; null for a member."
    invited: ID
    name: String!
    profileImg: String
    "The last state the participant published (setVideocallState); false until then."
    audio: Boolean!
    video: Boolean!
    screen: Boolean!
    hand: Boolean!
  }

  "A meeting room: the permanent room of a space (project set) or an ad hoc room of a team (project null)."
  type Meetingroom {
    id: ID!
    name: String!
    "The space whose room this is; null for an ad hoc room."
    project: ID
    team: ID!
    author: ID!
    createdAt: String!
    "When the room, its guests or its calls last changed."
    updated: String!
    "The active call of the room, or null."
    videocall: ID
    "Who is in the room's active call now (present: their subVideocall is open)."
    participants: [MeetingParticipant!]!
    "Members only (null for a guest): the public link guests open, PUBLIC_URL/meetingroom/<id>?guest=<secret>."
    guestLink: String
    "Members only: when guestLink stops working (30 days after it was made; resetMeetingroomLink makes a new one)."
    guestLinkExpiresAt: String
  }

  "A guest who asked to enter a room with its link. state: waiting | admitted | refused | removed."
  type Invited {
    id: ID!
    name: String!
    state: String!
    meetingroom: ID!
    createdAt: String!
    updatedAt: String!
  }

  """
  What setInvited gives the guest's browser: the guest and its credential (also set as the HttpOnly guest
  cookie). Send it back as the X-Guest-Credential header (HTTP) or guestCredential in connection_init
  when cookies are blocked. Shown once; only its hash is kept.
  """
  type InvitedPass {
    invited: Invited!
    credential: String!
  }

  type InvitedChange {
    "invited.created | invited.state"
    type: String!
    seq: Float!
    invited: Invited!
  }

  """
  A recording of a call (startRecording). transport livekit: LiveKit egress records the room on the media server;
  mesh: the browser of attendee records and uploads the file to files when it stops.
  """
  type VideocallRecording {
    "What stopRecording takes as pipelineId (the LiveKit egress id with LiveKit)."
    id: ID!
    videocall: ID!
    "True while it records (status recording)."
    active: Boolean!
    "recording | stopped | saved | failed (saved and failed: LiveKit egress ended, with or without a file)."
    status: String!
    "mesh | livekit"
    transport: String!
    "The member who started it."
    startedBy: ID!
    startedByName: String!
    "The attendee whose browser records it (mesh), the one who started it (LiveKit)."
    attendee: ID!
    createdAt: String!
    stoppedAt: String
  }

  "Where a call's media goes. transport: mesh (peer-to-peer, signalled by signalVideocall) or livekit (url is the LiveKit server)."
  type VideocallMeeting {
    transport: String!
    url: String
    "RTCIceServer entries (urls, username, credential) for RTCPeerConnection."
    iceServers: JSON!
    "Most participants of a mesh call; null with LiveKit."
    maximum: Int
  }

  "The caller's own participation in a call (one per joinVideocall)."
  type VideocallAttendee {
    "The participant id others see (MeetingParticipant.id); subVideocall and signalVideocall take it."
    id: ID!
    "LiveKit only: an access token for meeting.url (identity = this attendee id, room = the call id), valid 10 minutes to connect; null in mesh mode."
    joinToken: String
    "The user id of a member, invited:<id> for a guest (LiveKit's identity)."
    externalUserId: String!
  }

  type Videocall {
    id: ID!
    name: String!
    createdAt: String!
    updatedAt: String!
    "Set once the last participant left."
    finishedAt: String
    meeting: VideocallMeeting!
    "The caller's attendee: from joinVideocall, the one it just made; elsewhere the caller's newest present one, or null."
    attendee: VideocallAttendee
    "Who is in the call now."
    users: [MeetingParticipant!]!
    "The call's running recording, or null."
    recording: VideocallRecording
    meetingroom: ID
    project: ID
    task: ID
    privat: ID
  }

  "Something that happened in a call, delivered to its participants only."
  type VideocallChange {
    "joined | left | state | signal | recording | finished"
    type: String!
    videocall: ID!
    "For joined, left and state: the participant (with its state)."
    participant: MeetingParticipant
    "For state: a reaction emoji sent with it (not kept)."
    reaction: String
    "For signal: the sender's attendee id."
    from: ID
    "For signal: the JSON text of an offer, answer or ICE candidate, addressed to the subscriber's attendee."
    signal: String
    "For recording: the recording that started (active true) or stopped, was saved or failed (active false)."
    recording: VideocallRecording
  }

  """
  A ring: a member calling another into a call in the app (ringVideocall). notificationType: INVITATION_PVIDEOCALL
  (a private chat's call), INVITATION_TVIDEOCALL (a space's call), INVITATION_MEETINGROOM (an ad hoc room).
  state: ringing | accepted | declined | cancelled (the caller hung up first) | missed (nobody answered in time).
  """
  type VideocallRing {
    id: ID!
    videocall: ID!
    "Who rings (user id), their name and picture."
    caller: ID!
    callerName: String!
    callerProfileImg: String
    "Who is rung (user id)."
    callee: ID!
    notificationType: String!
    state: String!
    "The call's place: a room (null for a private chat), its space, or the private chat."
    meetingroom: ID
    project: ID
    privat: ID
    createdAt: String!
    endedAt: String
  }

  "A room of the rooms list changed (subMeetingrooms): the room as it is now, with its call and who is in it."
  type MeetingroomChange {
    "created (a new room) | updated (its call started or finished, someone came or went)"
    type: String!
    seq: Float!
    meetingroom: Meetingroom!
  }

  type RingChange {
    "rung (a ring to the subscriber) | ended (a ring the subscriber made or received ended: see ring.state)"
    type: String!
    seq: Float!
    ring: VideocallRing!
  }

  extend type Query {
    "The rooms the caller may see in their current team (ad hoc rooms and their spaces' rooms), or the room of one space (project)."
    getMeetingrooms(project: ID): [Meetingroom!]!
    "Members: the room's guests, newest first. A guest: only itself."
    getInvited(meetingroom: ID!): [Invited!]!
    "Active calls the caller may see: of one room, or without arguments of every room the caller may see."
    getVideocalls(meetingroom: ID, privat: ID, project: ID): [Videocall!]!
    "Rings ringing now that concern the caller: incoming ones, then the ones they make."
    getRings: [VideocallRing!]!
  }

  extend type Mutation {
    """
    With project: that space's room (made the first time, always the same one). With id: that room. With
    neither: a new ad hoc room in the caller's current team, named name (1..100 characters, default "Meeting").
    """
    initiateMeetingroom(id: ID, project: ID, name: String): Meetingroom!
    "Makes a new guest link for the room; the old one stops working at once. Members of the room."
    resetMeetingroomLink(id: ID!): Meetingroom!
    """
    Public: a person holding the room's guest link (link: its ?guest= secret) asks to enter as name (1..60
    characters). The guest waits until a member admits it.
    """
    setInvited(meetingroom: ID!, name: String!, link: String!): InvitedPass!
    "Members of the room: admitted, refused or removed (see the states' rules in the API notes)."
    ediInvited(id: ID!, state: String!): Invited!
    """
    Joins the active call of a room (meetingroom, or project for a space's room) or starts one. Members of
    the room, or its admitted guest. The call counts the attendee as present once its subVideocall opens.
    """
    joinVideocall(meetingroom: ID, privat: ID, project: ID): Videocall!
    "Leaves the call: the caller's attendee, or every attendee of the caller in it. The call finishes with its last participant."
    leaveVideocall(id: ID!, attendee: ID): Boolean!
    "Sends a signal (JSON text, at most 64 KiB) from the caller's attendee from to the participant to of the same call."
    signalVideocall(videocall: ID!, from: ID!, to: ID!, signal: String!): Boolean!
    "Publishes the caller's attendee state; omitted values stay as they were. reaction: one emoji, sent once."
    setVideocallState(
      videocall: ID!
      attendee: ID!
      audio: Boolean
      video: Boolean
      screen: Boolean
      hand: Boolean
      reaction: String
    ): Boolean!
    "A member in the call starts recording it (one recording at a time); answers the recording id that stopRecording takes."
    startRecording(videocall: ID!): String!
    "Stops a running recording: who started it, or an admin of the room's space (of the team, for an ad hoc room)."
    stopRecording(pipelineId: String!): Boolean!
    """
    A member in the call rings people into it. In a private chat: its other members, or those of them listed in
    users. In a room: the users listed, each able to use the room. Someone already in the call or already rung
    is skipped. Answers the rings made. A ring ends as missed after 30 seconds without an answer.
    """
    ringVideocall(videocall: ID!, users: [ID!]): [VideocallRing!]!
    "The callee answers the call's ring: accept (then join with joinVideocall) or decline."
    answerVideocall(videocall: ID!, accept: Boolean!): Boolean!
  }

  extend type Subscription {
    "Members of the room: guests arriving and their state changes."
    subInvited(meetingroom: ID!): InvitedChange!
    "The guest itself: its state changes (admitted, refused, removed)."
    subInvitedBasic(id: ID!): InvitedChange!
    """
    The call as the attendee (the caller's, from joinVideocall) lives it: participants joined, left and
    their states, and signals addressed to it. Opening it makes the attendee present; its end (closed,
    socket gone) makes it leave. Ends for a guest who is removed.
    """
    subVideocall(videocall: ID!, attendee: ID!): VideocallChange!
    "The subscriber's rings in their current team: rings to them (rung) and the end of every ring they make or receive (ended)."
    subCalls: RingChange!
    "The rooms of the subscriber's current team they may use, live: new rooms, calls started and finished, who came or went."
    subMeetingrooms: MeetingroomChange!
  }
`;
