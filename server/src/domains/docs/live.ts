import type { MercuriusContext } from 'mercurius';
import type { StoredEvent } from '../../core/events';
import { requireActor, type Actor } from '../../graphql/context';
import { topics } from '../../core/live';
import { feed, type Verdict } from '../../core/live';
import { spaceContentPolicy } from '../../core/spaceContent';
import { requireReadableSpaceContent, spaceContentAccess, type SpaceContentAccessOf } from '../../core/spaceContent';
import { lastSavedOf, presentDoc } from './present';
import { findDocRow } from './state';
import type { LiveSubscription, SubscriptionResolvers } from '../../graphql/schemaTypes';

/** Events that may change who sees a space: each one is checked against the subscriber's access. */
const mayChangeAccess = (type: string) => type.startsWith('project.') || type.startsWith('team.');

interface Delivery {
  event: StoredEvent;
  access: SpaceContentAccessOf;
}

/**
 * subDoc's feed: the space's doc events while the subscriber may see the space; the first event
 * after they lost sight of it (removed, space deleted or made private) ends the subscription.
 * Other spaces' doc events are skipped without a query.
 */
async function* docFeed(context: MercuriusContext, actor: Actor, teamId: string, projectId: string): AsyncGenerator<Delivery> {
  const db = context.services.database.db;
  let access: SpaceContentAccessOf | null = null;
  const events = feed(context, actor, topics.team(teamId), async (event): Promise<Verdict> => {
    const docEvent = event.type.startsWith('doc.');
    if (docEvent && (event.payload as { projectId?: string }).projectId !== projectId) return 'skip';
    if (!docEvent && !mayChangeAccess(event.type)) return 'skip';
    access = await spaceContentAccess(db, projectId, actor.userId);
    if (!access || !spaceContentPolicy.read(access)) return 'end';
    return docEvent ? 'deliver' : 'skip';
  });
  for await (const event of events) yield { event, access: access! };
}

export const docSubscriptions = {
  subDoc: {
    subscribe: async (_root, args, context) => {
      const actor = requireActor(context);
      const access = await requireReadableSpaceContent(context.services.database.db, args.project, actor.userId);
      return docFeed(context, actor, access.teamId, access.projectId);
    },
    resolve: async ({ event, access }, _args, context) => {
      const db = context.services.database.db;
      const docId = (event.payload as { docId: string }).docId;
      const row = event.type === 'doc.deleted' ? undefined : await findDocRow(db, docId);
      return {
        type: event.type,
        seq: event.seq,
        project: access.projectId,
        docId,
        doc: row ? presentDoc(row, access, context.services.config.publicUrl, (await lastSavedOf(db, [row.id])).get(row.id) ?? null) : null,
        userId: event.actorId,
      };
    },
  } satisfies LiveSubscription<'subDoc', Delivery>,
} satisfies SubscriptionResolvers;
