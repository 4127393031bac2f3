import type { DomainModule } from '../module';
import { reportsQueries, teamReportFields } from './resolvers';
import { reportsTypeDefs } from './schema';
import { standupChannelProjection } from './standupChannelProjection';
import { standupChannelMutations, standupChannelQueries } from './standupChannelResolvers';
import { startStandupChannel } from './standupPosting';

/**
 * Standups and team reports (issue 18): read from the event log and the projections when asked, so a replay changes
 * nothing about them. The one table of the area is a space's standup schedule and its last posted day
 * (standup_channels), for the job that posts the standup to the space's channel every chosen morning.
 */
export const reportsModule: DomainModule = {
  name: 'reports',
  typeDefs: reportsTypeDefs,
  resolvers: {
    Query: { ...reportsQueries, ...standupChannelQueries },
    Mutation: standupChannelMutations,
    TeamReport: teamReportFields,
  },
  projections: [standupChannelProjection],
  access: { getReports: 'teamMember', getReport: 'teamMember', getStandupChannel: 'spaceMember', setStandupChannel: 'spaceAdmin' },
  start: (services) => startStandupChannel(services),
};
