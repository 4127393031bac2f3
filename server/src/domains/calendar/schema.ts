/**
 * Calendar (issue 17, SPEC §3 Event and Calendar, §4 responses and recurrence): events, their occurrences
 * and answers, task deadlines beside them. The contract shared with the client (calendar-api.md). The ICS
 * feed and CalDAV sync parts add their own types and operations (feed/, sync/); the Calendar type is here
 * because an event names its synced calendar.
 */
export const calendarTypeDefs = /* GraphQL */ `
  "Someone an event invites: a member (user set) or a guest by e-mail (user null). The author has response accepted."
  type EventPerson {
    user: ID
    email: String!
    name: String
    profileImg: String
    "invited | accepted | rejected"
    response: String!
  }

  "An event (SPEC §3): a single event or a recurring series."
  type Event {
    id: ID!
    title: String!
    description: String!
    "The first occurrence's start and end (UTC ISO)."
    startDate: String!
    endDate: String!
    "The IANA zone its wall-clock times belong to (recurrences are expanded in it)."
    timeZone: String!
    allDay: Boolean!
    "event | meeting"
    type: String!
    "none | daily | weekly | monthly | weekdays | custom"
    recurring: String!
    "The RFC 5545 RRULE value (with its UNTIL or COUNT); null when not recurring."
    rrule: String
    "When the series ends (UTC ISO), from its UNTIL."
    until: String
    "How many occurrences the series has, from its COUNT."
    count: Int
    "The meeting room's id of a meeting event."
    meet: ID
    author: EventPerson!
    "Everyone invited (members and guests), whatever their answer; each carries its response."
    usersInvited: [EventPerson!]!
    "Those of usersInvited who accepted."
    usersAccepted: [EventPerson!]!
    "Those of usersInvited who declined."
    usersRejected: [EventPerson!]!
    "Guests' e-mail addresses (their responses are in the three lists too)."
    guests: [String!]!
    "A meeting event's room link (PUBLIC_URL/meetingroom/<id>)."
    invitationLink: String
    location: String
    "The synced calendar of an imported event; null for an event made here."
    calendar: Calendar
    "The caller's own response: invited | accepted | rejected; null for the author or someone not invited."
    myResponse: String
    "Whether the caller may edit it (the author; the owner of an imported one)."
    editable: Boolean!
    createdAt: String!
    updatedAt: String!
  }

  "One entry of a calendar view: a single event or one occurrence of a series, with its own times."
  type CalendarEntry {
    "<event id> for a single event, <event id>:<occurrence's original start> for an occurrence."
    id: ID!
    event: ID!
    "The occurrence's original start (UTC ISO): what ediEvent and delEvent take as occurrence; null for a single event."
    occurrence: String
    title: String!
    description: String!
    start: String!
    end: String!
    allDay: Boolean!
    type: String!
    recurring: String!
    location: String
    meet: ID
    calendar: Calendar
    "The entry's colour: its calendar's backgroundColor, or null for the app's own colour by type."
    color: String
    myResponse: String
    editable: Boolean!
  }

  "A task deadline on the calendar (getEventsTasks)."
  type CalendarTask {
    id: ID!
    name: String!
    "A calendar date (YYYY-MM-DD) or a UTC instant."
    deadline: String!
    project: ID!
    projectTitle: String!
    projectColor: String
    "The task's section name."
    state: String
    done: Boolean!
  }

  "A calendar of a connected account (SPEC §3 Calendar)."
  type Calendar {
    id: ID!
    synced: Boolean!
    selected: Boolean!
    "The provider's calendar id (the collection's URL)."
    calendarId: String!
    summary: String!
    description: String
    backgroundColor: String
    account: ID!
    "The account's calendar that receives events made here (its first selected one)."
    default: Boolean!
  }

  "A change to an event the subscriber can see."
  type EventChange {
    "created | edited | deleted | responded"
    type: String!
    seq: Float!
    event: ID!
    "The event as the subscriber sees it now; null when deleted or no longer visible to them."
    value: Event
  }

  extend type Query {
    "Entries of the caller's calendar from start to end (UTC ISO; at most 370 days apart): events and occurrences."
    getEventsCalendar(start: String!, end: String!): [CalendarEntry!]!
    "Deadlines of tasks the caller is assigned to or follows, in spaces they may read, from start to end."
    getEventsTasks(start: String!, end: String!): [CalendarTask!]!
    "An event by id; meet: true looks id up as a meeting room and answers its meeting event."
    getEvent(id: ID!, meet: Boolean): Event
    "The caller's upcoming events (not yet ended), soonest first (agenda list); limit at most 100."
    getEvents(limit: Int, offset: Int): [Event!]!
  }

  extend type Mutation {
    "A new event (SPEC §5: title, description, startDate, endDate, type and recurring required); type meeting makes or links a room."
    setEvent(
      title: String!
      description: String!
      startDate: String!
      endDate: String!
      type: String!
      recurring: String!
      timeZone: String
      allDay: Boolean
      until: String
      count: Int
      location: String
      invited: [ID!]
      guests: [String!]
      meeting: ID
    ): Event!
    """
    Changes an event (its author; the owner of an imported one). For a series, scope this | following | all
    with occurrence = the original start of the occurrence acted on. accepted/rejected move only the caller.
    """
    ediEvent(
      id: ID!
      scope: String
      occurrence: String
      title: String
      description: String
      startDate: String
      endDate: String
      type: String
      recurring: String
      timeZone: String
      allDay: Boolean
      until: String
      count: Int
      location: String
      invited: [ID!]
      accepted: [ID!]
      rejected: [ID!]
      guests: [String!]
      meeting: ID
    ): Event!
    "Deletes an event, or for a series one occurrence (this), it and the following ones, or all."
    delEvent(id: ID!, scope: String, occurrence: String): Boolean!
    "accept | reject | join | rejoin | leave, for the caller (responses are per series)."
    respondEvent(id: ID!, response: String!): Event!
  }

  extend type Subscription {
    "Changes to events the subscriber can see in their current team (and imported ones of their calendars)."
    subEvent: EventChange!
  }
`;
