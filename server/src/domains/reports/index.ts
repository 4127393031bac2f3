import type { DomainModule } from '../module';
import { reportsQueries, teamReportFields } from './resolvers';
import { reportsTypeDefs } from './schema';

/**
 * Standups and team reports (issue 18): read from the event log and the projections when asked, so they keep no
 * table of their own and a replay changes nothing about them.
 */
export const reportsModule: DomainModule = {
  name: 'reports',
  typeDefs: reportsTypeDefs,
  resolvers: { Query: reportsQueries, TeamReport: teamReportFields },
  projections: [],
  access: { getReports: 'teamMember', getReport: 'teamMember' },
};
