import type { MercuriusContext } from 'mercurius';
import type { StoredEvent } from '../../core/events';
import { feed, topics, type Verdict } from '../../core/live';
import { supportThreadStream } from '../../core/streams';
import { DomainError } from '../../errors';
import type { Actor } from '../../graphql/context';
import { requireActor } from '../../graphql/context';
import type { LiveSubscription, SubscriptionResolvers } from '../../graphql/schemaTypes';
import { isInstanceAdministrator } from '../accounts';
import { supportKind, supportThreadEventTypes, type SupportEvent } from './events';
import { supportPolicy, type SupportViewer } from './policies';
import { presentMessages, presentThreads } from './present';
import { findSupportMessage, findThread, supportUnreadTotal } from './state';
import { requireThreadPerson } from './threads';
import { viewerOf } from './viewer';

interface Delivery {
  event: StoredEvent;
  viewer: SupportViewer;
}

/**
 * subSupport's feed: one conversation's stream, or, for the support team's inbox, every conversation's events
 * (the support kind's topic, which carries support events only, so an inbox is not woken by every other event
 * of the instance). Each event is judged as it is delivered: someone who stops being an instance administrator
 * hears nothing more of other people's conversations (their feed ends).
 */
async function* supportFeed(
  context: MercuriusContext,
  actor: Actor,
  viewer: SupportViewer,
  personId: string | null,
): AsyncGenerator<Delivery> {
  const topic = personId === null ? topics.kind(supportKind) : topics.stream(supportThreadStream(personId));
  const events = feed(context, actor, topic, (event): Verdict | Promise<Verdict> => {
    if (!supportThreadEventTypes.includes(event.type)) return 'skip';
    const own = (event.payload as { personId: string }).personId === viewer.userId;
    if (own && personId !== null) return 'deliver';
    return isInstanceAdministrator(context.services, actor.userId).then((administrator) => (administrator ? 'deliver' : 'end'));
  });
  for await (const event of events) yield { event, viewer };
}

export const supportSubscriptions = {
  subSupport: {
    subscribe: async (_root, args, context) => {
      const actor = requireActor(context);
      const viewer = await viewerOf(context);
      if (args.all) {
        if (!supportPolicy.readsInbox(viewer)) throw new DomainError('PERMISSION_DENIED');
        return supportFeed(context, actor, viewer, null);
      }
      const personId = await requireThreadPerson(context.services.database.db, viewer, args.person);
      return supportFeed(context, actor, viewer, personId);
    },
    resolve: async ({ event, viewer }, _args, context) => {
      const db = context.services.database.db;
      const notice = { type: event.type, payload: event.payload } as SupportEvent;
      const personId = (notice.payload as { personId: string }).personId;
      const thread = (await findThread(db, personId))!;
      const side = supportPolicy.sideOf(viewer, personId);
      const messageRow = notice.type === 'support.messagePosted' ? await findSupportMessage(db, notice.payload.messageId) : undefined;
      return {
        type: event.type,
        seq: event.seq,
        thread: (await presentThreads(db, [thread], () => side))[0]!,
        message: messageRow ? (await presentMessages(db, [messageRow]))[0]! : null,
        inboxUnread: viewer.supportTeam ? await supportUnreadTotal(db) : 0,
      };
    },
  } satisfies LiveSubscription<'subSupport', Delivery>,
} satisfies SubscriptionResolvers;
