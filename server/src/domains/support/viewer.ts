import type { MercuriusContext } from 'mercurius';
import { requireActor } from '../../graphql/context';
import { isInstanceAdministrator } from '../accounts';
import type { SupportViewer } from './policies';

/** The caller as support sees them: who they are, and whether they are on the support team (an instance administrator). */
export async function viewerOf(context: MercuriusContext): Promise<SupportViewer> {
  const actor = requireActor(context);
  return { userId: actor.userId, supportTeam: await isInstanceAdministrator(context.services, actor.userId) };
}
