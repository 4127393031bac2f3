import { teamPolicy, type TeamSeat } from '../../core/access';

/**
 * Who may do what with billing. A team's members read its plan (the plans page, the admin section); its admins
 * change it (trial, cancel, continue, codes, checkout). Setting any team's plan without Stripe and making
 * promotion codes is for the instance's administrators (accounts' instanceAdministratorIds), not a team's.
 */
export const billingPolicy = {
  read: (seat: TeamSeat | null): seat is TeamSeat => teamPolicy.read(seat),
  manage: (seat: TeamSeat | null): seat is TeamSeat => teamPolicy.manage(seat),
};
