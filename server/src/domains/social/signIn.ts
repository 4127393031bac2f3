import { z } from 'zod';
import type { SignInContext, VerifiedIdentity } from '../../auth/oidc';
import { idPattern } from '../../core/ids';
import { confirmEmailByProvider, emailAddressLock, findUserByEmailIn, openSession, registerAccount, type SessionTarget } from '../accounts';

/** The sign-up context a project, invitation or promotion link passes along (SPEC §7). */
export const signInContextSchema = z.object({
  project: z.string().regex(idPattern).optional(),
  invited: z.string().regex(idPattern).optional(),
  promotion: z.string().trim().min(1).max(100).optional(),
  codes: z.string().trim().min(1).max(200).optional(),
}) satisfies z.ZodType<SignInContext>;

/**
 * Signs in the account with the provider's verified e-mail, linking an existing account by that
 * address or registering a new one, and opens a session recording which provider vouched.
 */
export async function signInWithIdentity(target: SessionTarget, identity: VerifiedIdentity, context: SignInContext = {}) {
  const { services } = target;
  // Looked up and registered in one unit with the address locked, so two racing first sign-ins make one account.
  const account = await services.store.run({ actorId: null }, async (unit) => {
    await unit.lock(emailAddressLock(identity.email));
    const existing = await findUserByEmailIn(unit.transaction, identity.email);
    if (existing) {
      await confirmEmailByProvider(unit, existing);
      return { userId: existing.id, isNew: false };
    }
    const { email, firstname, lastname, language } = identity;
    // The provider vouched for the address, so the teams that invited it let the new account in (their reaction).
    // A promotion link's code rides along, so a social sign-up gets the PROMOTION credit like an e-mail one.
    const promotion = context.promotion ? { promotion: context.promotion } : {};
    const { userId } = await registerAccount(unit, {
      email,
      firstname,
      lastname,
      language,
      passwordHash: null,
      emailVerified: true,
      ...promotion,
    });
    return { userId, isNew: true };
  });
  const session = await openSession(target, account.userId, identity.provider);
  return { ...session, isNew: account.isNew };
}
