/** Calendar (SPEC §3 Event, Calendar, Calendar account; §7 events and calendar sync): the area's documents, typed from the schema. */
import { graphql, type ResultOf } from '../../lib/graphqlDocument';

const calendarFragment = graphql(
  'fragment CalendarOfAccount on Calendar { id synced selected calendarId summary description backgroundColor account default }',
);

const entryFragment = graphql(`
  fragment CalendarEntry on CalendarEntry {
    id
    event
    occurrence
    title
    description
    start
    end
    allDay
    type
    recurring
    location
    meet
    color
    myResponse
    editable
  }
`);

const personFragment = graphql('fragment EventPerson on EventPerson { user email name profileImg response }');

const eventFragment = graphql(
  `
    fragment CalendarEvent on Event {
      id
      title
      description
      startDate
      endDate
      timeZone
      allDay
      type
      recurring
      rrule
      until
      count
      meet
      author {
        ...EventPerson
      }
      usersInvited {
        ...EventPerson
      }
      usersAccepted {
        ...EventPerson
      }
      usersRejected {
        ...EventPerson
      }
      guests
      invitationLink
      location
      calendar {
        id
        summary
        backgroundColor
      }
      myResponse
      editable
      createdAt
      updatedAt
    }
  `,
  [personFragment],
);

const taskFragment = graphql('fragment CalendarTask on CalendarTask { id name deadline project projectTitle projectColor state done }');

const accountFragment = graphql(
  `
    fragment CalendarAccount on CalendarAccount {
      id
      email
      picture
      feature
      type
      active
      serverUrl
      username
      status
      error
      lastSyncedAt
      calendars {
        ...CalendarOfAccount
      }
    }
  `,
  [calendarFragment],
);

const feedFragment = graphql('fragment CalendarFeed on CalendarFeed { url createdAt active }');

export type CalendarEntry = ResultOf<typeof entryFragment>;
export type CalendarEvent = ResultOf<typeof eventFragment>;
export type EventPerson = ResultOf<typeof personFragment>;
export type CalendarTask = ResultOf<typeof taskFragment>;
export type CalendarAccount = ResultOf<typeof accountFragment>;
export type CalendarOfAccount = ResultOf<typeof calendarFragment>;
export type CalendarFeed = ResultOf<typeof feedFragment>;

export const getEventsCalendarDocument = graphql(
  `
    query GetEventsCalendar($start: String!, $end: String!) {
      getEventsCalendar(start: $start, end: $end) {
        ...CalendarEntry
      }
    }
  `,
  [entryFragment],
);

export const getEventsTasksDocument = graphql(
  `
    query GetEventsTasks($start: String!, $end: String!) {
      getEventsTasks(start: $start, end: $end) {
        ...CalendarTask
      }
    }
  `,
  [taskFragment],
);

export const getEventDocument = graphql(
  `
    query GetEvent($id: ID!) {
      getEvent(id: $id) {
        ...CalendarEvent
      }
    }
  `,
  [eventFragment],
);

export const setEventDocument = graphql(
  `
    mutation SetEvent(
      $title: String!
      $description: String!
      $startDate: String!
      $endDate: String!
      $type: String!
      $recurring: String!
      $timeZone: String
      $allDay: Boolean
      $until: String
      $location: String
      $invited: [ID!]
      $guests: [String!]
      $meeting: ID
    ) {
      setEvent(
        title: $title
        description: $description
        startDate: $startDate
        endDate: $endDate
        type: $type
        recurring: $recurring
        timeZone: $timeZone
        allDay: $allDay
        until: $until
        location: $location
        invited: $invited
        guests: $guests
        meeting: $meeting
      ) {
        ...CalendarEvent
      }
    }
  `,
  [eventFragment],
);

export const ediEventDocument = graphql(
  `
    mutation EdiEvent(
      $id: ID!
      $scope: String
      $occurrence: String
      $title: String
      $description: String
      $startDate: String
      $endDate: String
      $type: String
      $recurring: String
      $timeZone: String
      $allDay: Boolean
      $until: String
      $location: String
      $invited: [ID!]
      $guests: [String!]
    ) {
      ediEvent(
        id: $id
        scope: $scope
        occurrence: $occurrence
        title: $title
        description: $description
        startDate: $startDate
        endDate: $endDate
        type: $type
        recurring: $recurring
        timeZone: $timeZone
        allDay: $allDay
        until: $until
        location: $location
        invited: $invited
        guests: $guests
      ) {
        ...CalendarEvent
      }
    }
  `,
  [eventFragment],
);

export const delEventDocument = graphql(
  'mutation DelEvent($id: ID!, $scope: String, $occurrence: String) { delEvent(id: $id, scope: $scope, occurrence: $occurrence) }',
);

export const respondEventDocument = graphql(
  `
    mutation RespondEvent($id: ID!, $response: String!) {
      respondEvent(id: $id, response: $response) {
        ...CalendarEvent
      }
    }
  `,
  [eventFragment],
);

/** Any change to an event the caller can see; the view reads its range again (occurrences move with their series). */
export const subEventDocument = graphql('subscription SubEvent { subEvent { type seq event } }');

export const getCalendarAccountsDocument = graphql(
  `
    query GetCalendarAccounts {
      getCalendarAccounts {
        ...CalendarAccount
      }
    }
  `,
  [accountFragment],
);

export const syncFeatureCalendarDocument = graphql(
  `
    mutation SyncFeatureCalendar($sync: CalendarSyncInput!, $feature: String!, $active: Boolean!) {
      syncFeatureCalendar(sync: $sync, feature: $feature, active: $active) {
        ...CalendarAccount
      }
    }
  `,
  [accountFragment],
);

export const selectCalendarDocument = graphql(
  `
    mutation SelectCalendar($calendar: String!, $selected: Boolean!) {
      selectCalendar(calendar: $calendar, selected: $selected) {
        ...CalendarOfAccount
      }
    }
  `,
  [calendarFragment],
);

export const syncCalendarAccountDocument = graphql(
  `
    mutation SyncCalendarAccount($account: ID!) {
      syncCalendarAccount(account: $account) {
        ...CalendarAccount
      }
    }
  `,
  [accountFragment],
);

export const removeCalendarAccountDocument = graphql(
  'mutation RemoveCalendarAccount($account: ID!) { removeCalendarAccount(account: $account) }',
);

export const getCalendarFeedDocument = graphql(
  `
    query GetCalendarFeed {
      getCalendarFeed {
        ...CalendarFeed
      }
    }
  `,
  [feedFragment],
);

export const resetCalendarFeedDocument = graphql(
  `
    mutation ResetCalendarFeed {
      resetCalendarFeed {
        ...CalendarFeed
      }
    }
  `,
  [feedFragment],
);

export const revokeCalendarFeedDocument = graphql(
  `
    mutation RevokeCalendarFeed {
      revokeCalendarFeed {
        ...CalendarFeed
      }
    }
  `,
  [feedFragment],
);
