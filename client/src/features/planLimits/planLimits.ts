/**
 * Refusals of a team's plan limits (PLAN_LIMIT_SPACES, PLAN_LIMIT_DOCS, PLAN_LIMIT_TASKS; shared/src/plans.ts):
 * their text is already in the person's language (the data client translates the code with its plan and
 * limit); what they add is the way to a plan that allows more, the plans page.
 */
import { RequestError } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import { navigateTo } from '../../lib/navigation';
import type { ToastAction } from '../../ui';
import { navPath, overviewScope } from '../shell/areas';

const planLimitCodes: ReadonlySet<string> = new Set(['PLAN_LIMIT_SPACES', 'PLAN_LIMIT_DOCS', 'PLAN_LIMIT_TASKS']);

/** The plans page, where a team upgrades. */
export const upgradePath = navPath('upgrade', overviewScope);

/** Whether a request failed because the team's plan allows no more of what was being made. */
export function isPlanLimitRefusal(error: unknown): error is RequestError {
  return error instanceof RequestError && error.code !== undefined && planLimitCodes.has(error.code);
}

/** A toast's Upgrade action, to the plans page. */
export function upgradeAction(): ToastAction {
  return { label: i18n.t('planLimits.upgrade'), onClick: () => navigateTo(upgradePath) };
}

/** What a refusal's toast adds: for a plan limit, the Upgrade action and no timeout (the way out stays until read). */
export function planLimitToastExtras(error: unknown): { action?: ToastAction; persistent?: boolean } {
  return isPlanLimitRefusal(error) ? { action: upgradeAction(), persistent: true } : {};
}
