import { planAllows } from '#shared/plans';
import { teamPolicy, type TeamSeat } from '../../core/access';

/**
 * Who may read which report. A standup or team report of the whole team lists its people, which is for its
 * members (teamPolicy.participate): a guest asks for one of a space they are in. What each line shows is
 * limited to the spaces the viewer may read (the space-content rule, in scope.ts).
 */
export const reportPolicy = {
  readTeamWide: (seat: TeamSeat | null): boolean => teamPolicy.participate(seat),
  readSpace: (seat: TeamSeat | null): boolean => teamPolicy.read(seat),
  /** SPEC §6: project analytics require a business plan. */
  readAnalytics: (plan: string): boolean => planAllows(plan, 'analytics'),
};
