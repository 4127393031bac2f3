/** Standups and team reports (SPEC §7 getReports, getReport -> teamTasks; §9 report windows). */
export const reportsTypeDefs = /* GraphQL */ `
  "A person a report is about."
  type ReportMember {
    id: ID!
    firstname: String!
    lastname: String!
    profileImg: String
  }

  "One thing a person did to a task on a standup's day."
  type StandupLine {
    "finished, moved, created, commented or edited."
    kind: String!
    task: ID!
    idCode: String!
    name: String!
    "The first time it happened that day."
    at: String!
    "The app path that opens the task."
    link: String!
  }

  type StandupSpace {
    project: ID!
    name: String!
    color: String
    lines: [StandupLine!]!
  }

  type StandupDay {
    "YYYY-MM-DD in the report's time zone."
    date: String!
    spaces: [StandupSpace!]!
  }

  "An assigned task whose deadline day is before the standup's day and is not in a done section."
  type StandupTask {
    task: ID!
    idCode: String!
    name: String!
    project: ID!
    projectName: String!
    deadline: String!
    link: String!
  }

  type StandupMember {
    user: ReportMember!
    "The day before the chosen day, then the chosen day."
    days: [StandupDay!]!
    overdue: [StandupTask!]!
  }

  type Standup {
    date: String!
    timeZone: String!
    team: ID!
    project: ID
    members: [StandupMember!]!
  }

  "One member's work in one space over a report's range."
  type TeamTaskCount {
    user: ReportMember!
    project: ID!
    projectName: String!
    projectColor: String
    created: Int!
    finished: Int!
    moved: Int!
    comments: Int!
  }

  "One week (starting on Monday, UTC) of project analytics."
  type AnalyticsWeek {
    week: String!
    created: Int!
    "Throughput: tasks moved into a done section that week."
    finished: Int!
    "Median hours from a task's creation to its finishing, of the tasks finished that week; null when none was."
    medianCycleHours: Float
  }

  "A member's open work now: assigned tasks not in a done section, and how many of them are overdue."
  type OpenLoad {
    user: ReportMember!
    open: Int!
    overdue: Int!
  }

  type ReportAnalytics {
    weeks: [AnalyticsWeek!]!
    load: [OpenLoad!]!
  }

  type TeamReport {
    team: ID!
    "The spaces asked for; null for every space the caller may read."
    projects: [ID!]
    startdate: String!
    enddate: String!
    teamTasks: [TeamTaskCount!]!
    "Project analytics over the same range (SPEC §6: business plan only; other plans get PERMISSION_DENIED, reason ANALYTICS_PLAN_REQUIRED)."
    analytics: ReportAnalytics!
  }

  "A space's standup posted to its channel each chosen weekday at a local time (set by those who manage the space)."
  type StandupChannel {
    project: ID!
    enabled: Boolean!
    "Local time of day, HH:MM (24-hour clock)."
    time: String!
    "The IANA time zone the time is read in (Europe/Madrid)."
    timeZone: String!
    "ISO weekdays it is posted on: 1 is Monday, 7 is Sunday."
    weekdays: [Int!]!
    "The language entries are written in: that of the admin who set the schedule."
    language: String!
    "Who set the schedule last; the entries are posted under their name."
    setBy: ID!
    setAt: String!
    "The local date of the last standup posted (or passed over with nothing to report); null before the first."
    lastPostedDate: String
    "Whether the caller may change the schedule."
    canManage: Boolean!
  }

  extend type Query {
    "A space's standup schedule; null while nobody has set one."
    getStandupChannel(project: ID!): StandupChannel
    """
    The daily standup, generated from the event log: per member of the team (or of project), for date (YYYY-MM-DD)
    and the day before in timeZone (default UTC), what they finished, moved, created, commented and edited, by space,
    and their overdue tasks. team: the caller's current team when omitted. Only spaces the caller may read.
    """
    getReports(project: ID, date: String!, team: ID, timeZone: String): Standup!
    """
    Per member and space, tasks created, finished and moved and task comments from startdate to enddate (ISO instants
    or dates, at most 366 days), in the spaces the caller may read (projects: only these).
    """
    getReport(projects: [ID!], startdate: String!, enddate: String!, team: ID): TeamReport!
  }

  extend type Mutation {
    """
    Sets whether a space's standup is posted to its channel (a message of type standup), at time (HH:MM) in timeZone
    on weekdays (1 Monday to 7 Sunday): once per local day, at or after the time, covering what the space's members
    did since the previous post (or since the day before began), with their overdue tasks. Space admins and team admins
    only; STANDUP_TIME_INVALID, REPORT_TIME_ZONE_INVALID or STANDUP_WEEKDAYS_INVALID for bad input.
    """
    setStandupChannel(project: ID!, enabled: Boolean!, time: String!, timeZone: String!, weekdays: [Int!]!): StandupChannel!
  }
`;
