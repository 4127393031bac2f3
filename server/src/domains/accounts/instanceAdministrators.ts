import { asc, inArray } from 'drizzle-orm';
import type { Services } from '../../graphql/context';
import { users } from './tables';

/**
 * The people who run this instance (not a team's admins): those whose e-mail is in ADMIN_EMAILS, or, when it
 * is unset, the first account created. Without Stripe they set teams' plans; feedback and live support reach them.
 */
export async function instanceAdministratorIds(services: Pick<Services, 'database' | 'config'>): Promise<string[]> {
  const { db } = services.database;
  const { adminEmails } = services.config.instance;
  if (adminEmails.length > 0) {
    const named = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, adminEmails))
      .orderBy(asc(users.createdAt), asc(users.id));
    return named.map((row) => row.id);
  }
  const [first] = await db.select({ id: users.id }).from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(1);
  return first ? [first.id] : [];
}

export async function isInstanceAdministrator(services: Pick<Services, 'database' | 'config'>, userId: string): Promise<boolean> {
  return (await instanceAdministratorIds(services)).includes(userId);
}
