import { teamPolicy, type TeamSeat } from '../../core/access';

/** Who may do what with the team's AI: its admins see usage and set limits (any member of the current team uses the tools). */
export const aiToolsPolicy = {
  readUsage: (seat: TeamSeat | null): seat is TeamSeat => teamPolicy.manage(seat),
  setLimits: (seat: TeamSeat | null): seat is TeamSeat => teamPolicy.manage(seat),
};
