import type { MercuriusContext } from 'mercurius';
import type { StoredEvent } from '../../core/events';
import { requireActor, type Actor } from '../../graphql/context';
import { topics } from '../../core/live';
import { feed, type Verdict } from '../../core/live';
import type { FileOwner } from './events';
import { filePolicy } from './policies';
import { presentFiles, presentFolders } from './present';
import { findFileRow, findFolderRow, ownerAccess, ownerFrom, requireReadableOwner } from './state';
import type { LiveSubscription, SubscriptionResolvers } from '../../graphql/schemaTypes';

type Payload = { fileId?: string; folderId?: string | null; projectId?: string | null; taskId?: string | null; privatId?: string | null };

/** Events that may change who sees an owner: each is checked against the subscriber's access as it arrives. */
const mayChangeAccess = (type: string) =>
  type.startsWith('project.') || type.startsWith('team.') || type.startsWith('privat') || type === 'task.deleted' || type === 'task.moved';

function watches(owner: FileOwner, payload: Payload): boolean {
  if (owner.kind === 'project') return payload.projectId === owner.projectId && !payload.taskId;
  if (owner.kind === 'task') return payload.taskId === owner.taskId;
  return payload.privatId === owner.privatId;
}

/**
 * Whether an event of the subscriber's prefix concerns the watched owner, read from its payload alone: it
 * is about the owner, or moves a file away from the watched space (which still reaches it once, with no
 * file: the client drops it). Deciding this before any access query keeps the team's other spaces cheap.
 */
function concerns(owner: FileOwner, event: StoredEvent): boolean {
  const payload = event.payload as Payload & { previous?: { projectId?: string | null } };
  if (watches(owner, payload)) return true;
  return event.type === 'file.updated' && owner.kind === 'project' && payload.previous?.projectId === owner.projectId;
}

/** A subscriber's feed: events of `prefix` that concern the owner, while they may read it; losing access ends it. */
function ownerFeed(context: MercuriusContext, actor: Actor, owner: FileOwner, teamId: string, prefix: string) {
  const db = context.services.database.db;
  return feed(context, actor, topics.team(teamId), (event: StoredEvent): Verdict | Promise<Verdict> => {
    const relevant = event.type.startsWith(prefix);
    if (relevant ? !concerns(owner, event) : !mayChangeAccess(event.type)) return 'skip';
    return ownerAccess(db, owner, actor.userId).then((access) => {
      if (!access || !filePolicy.read(access)) return 'end';
      return relevant ? 'deliver' : 'skip';
    });
  });
}

/** A file event delivered to subFile, with the owner the subscriber watches. */
interface FileDelivery {
  event: StoredEvent;
  owner: FileOwner;
}

export const fileSubscriptions = {
  subFile: {
    subscribe: async (_root, args, context) => {
      const actor = requireActor(context);
      const db = context.services.database.db;
      const owner = await ownerFrom(db, args);
      const access = await requireReadableOwner(db, owner, actor.userId);
      return (async function* (): AsyncGenerator<FileDelivery> {
        for await (const event of ownerFeed(context, actor, owner, access.teamId, 'file.')) yield { event, owner };
      })();
    },
    resolve: async ({ event, owner }, _args, context) => {
      const actor = requireActor(context);
      const db = context.services.database.db;
      const fileId = (event.payload as Payload).fileId!;
      const row = await findFileRow(db, fileId);
      const inView = row && watches(owner, row);
      return { type: event.type, seq: event.seq, fileId, file: inView ? (await presentFiles(db, [row], actor.userId))[0] : null };
    },
  } satisfies LiveSubscription<'subFile', FileDelivery>,
  subFolder: {
    subscribe: async (_root, args, context) => {
      const actor = requireActor(context);
      const owner: FileOwner = { kind: 'project', projectId: args.project };
      const access = await requireReadableOwner(context.services.database.db, owner, actor.userId);
      return ownerFeed(context, actor, owner, access.teamId, 'folder.');
    },
    resolve: async (event, _args, context) => {
      const actor = requireActor(context);
      const db = context.services.database.db;
      const folderId = (event.payload as Payload).folderId!;
      const row = await findFolderRow(db, folderId);
      const access = row ? await ownerAccess(db, { kind: 'project', projectId: row.projectId }, actor.userId) : null;
      const folder = row ? (await presentFolders(db, [row], access, actor.userId))[0] : null;
      return { type: event.type, seq: event.seq, folderId, folder };
    },
  } satisfies LiveSubscription<'subFolder', StoredEvent>,
} satisfies SubscriptionResolvers;
