/** What the reports area reads: getReports (the standup) and getReport (team reports), SPEC §7, typed from the schema. */
import { graphql, type ResultOf } from '../../lib/graphqlDocument';

export const getStandupDocument = graphql(`
  query GetStandup($date: String!, $project: ID, $timeZone: String) {
    getReports(date: $date, project: $project, timeZone: $timeZone) {
      date
      members {
        user {
          id
          firstname
          lastname
          profileImg
        }
        days {
          date
          spaces {
            project
            name
            color
            lines {
              kind
              task
              idCode
              name
              at
              link
            }
          }
        }
        overdue {
          task
          idCode
          name
          project
          projectName
          deadline
          link
        }
      }
    }
  }
`);

export const getTeamReportDocument = graphql(`
  query GetTeamReport($projects: [ID!], $startdate: String!, $enddate: String!) {
    getReport(projects: $projects, startdate: $startdate, enddate: $enddate) {
      startdate
      enddate
      teamTasks {
        user {
          id
          firstname
          lastname
          profileImg
        }
        project
        projectName
        projectColor
        created
        finished
        moved
        comments
      }
    }
  }
`);

export type Standup = ResultOf<typeof getStandupDocument>['getReports'];
export type StandupMember = Standup['members'][number];
export type TeamReport = ResultOf<typeof getTeamReportDocument>['getReport'];
export type TeamTaskCount = TeamReport['teamTasks'][number];

export const getAnalyticsDocument = graphql(`
  query GetReportAnalytics($projects: [ID!], $startdate: String!, $enddate: String!) {
    getReport(projects: $projects, startdate: $startdate, enddate: $enddate) {
      startdate
      enddate
      analytics {
        weeks {
          week
          created
          finished
          medianCycleHours
        }
        load {
          user {
            id
            firstname
            lastname
          }
          open
          overdue
        }
      }
    }
  }
`);

/** The team's plan, which the one plan rule (shared planAllows) judges before analytics are asked for. */
export const getPlanDocument = graphql('query GetReportsPlan { getStats { team plan } }');

export type ReportAnalytics = ResultOf<typeof getAnalyticsDocument>['getReport']['analytics'];

/** A space's standup posted to its channel, as read and as set. */
export const standupChannelFragment = graphql(`
  fragment StandupChannelDetail on StandupChannel {
    project
    enabled
    time
    timeZone
    weekdays
    language
    lastPostedDate
    canManage
  }
`);

/** A space's standup posted to its channel: null while nobody set one. */
export const getStandupChannelDocument = graphql(
  'query GetStandupChannel($project: ID!) { getStandupChannel(project: $project) { ...StandupChannelDetail } }',
  [standupChannelFragment],
);

export const setStandupChannelDocument = graphql(
  `
    mutation SetStandupChannel($project: ID!, $enabled: Boolean!, $time: String!, $timeZone: String!, $weekdays: [Int!]!) {
      setStandupChannel(project: $project, enabled: $enabled, time: $time, timeZone: $timeZone, weekdays: $weekdays) {
        ...StandupChannelDetail
      }
    }
  `,
  [standupChannelFragment],
);

export type StandupChannel = ResultOf<typeof standupChannelFragment>;
