import { eq } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import type { StoredEvent } from '../../core/events';
import { requireActor, type Actor } from '../../graphql/context';
import { feed, mapFeed, shareWith, topics, type LiveFeed, type Verdict } from '../../core/live';
import { selectsPlainFieldsOnly } from '../../graphql/plainSelection';
import { readableSpaceContent, requireReadableSpaceContent, type SpaceContentAccessOf } from '../../core/spaceContent';
import type { StateDeleted, TaskMoved, TasksRespaced } from './events';
import { forViewer, presentTaskBases, sectionsOf, tagsOf } from './present';
import { findTaskRow, type Reader } from './state';
import { tasks } from './tables';
import type { LiveSubscription, SubscriptionResolvers } from '../../graphql/schemaTypes';

const boardEventPrefixes = ['task.', 'tasks.', 'state.', 'states.', 'tag.', 'board.'];
/** A file added to or deleted from a task changes the task's files: its card shows their count. */
const isTaskFileEvent = (event: StoredEvent) =>
  (event.type === 'file.created' || event.type === 'file.deleted') && typeof (event.payload as Payload).taskId === 'string';
const isBoardEvent = (event: StoredEvent) => boardEventPrefixes.some((prefix) => event.type.startsWith(prefix)) || isTaskFileEvent(event);
/** Events that may change who sees a space: each one is checked against the subscriber's access. */
const mayChangeAccess = (type: string) => type.startsWith('project.') || type.startsWith('team.');

type Payload = { projectId?: string; taskId?: string; stateId?: string; tagId?: string };

function spacesOf(event: StoredEvent): string[] {
  if (event.type === 'task.moved') {
    const moved = event.payload as TaskMoved;
    return [moved.fromProjectId, moved.toProjectId];
  }
  const projectId = (event.payload as Payload).projectId;
  return projectId ? [projectId] : [];
}

/** A delivered event with the subscriber's access to the space, as judged when it arrived, and what it shows. */
interface Delivery {
  event: StoredEvent;
  access: SpaceContentAccessOf;
  part: SharedPart;
}

/**
 * The events of the team that concern a space's board feed, judged from the event alone: the space's own
 * board events (a task moved counts for both spaces) and those that may change who sees the space. The
 * rest of the team's traffic (chat, docs, calls, other boards) never wakes a board's subscribers.
 */
export function concernsBoard(projectId: string): (event: StoredEvent) => boolean {
  return (event) => (isBoardEvent(event) ? spacesOf(event).includes(projectId) : mayChangeAccess(event.type));
}

/**
 * subTask's feed: the space's board events, delivered while the subscriber may see the space; the
 * first event after they lost sight of it (removed from the space or the team, space deleted or made
 * private) ends their subscription. Other spaces' events are skipped without a query, most without waking it.
 * Each delivery carries the access its judge read and the event's shared part (read by the judge, which may
 * answer a promise, where mapFeed's map may not); mapFeed takes them right after that judgement.
 */
function boardFeed(context: MercuriusContext, actor: Actor, teamId: string, projectId: string): LiveFeed<Delivery> {
  const db = context.services.database.db;
  const concerns = concernsBoard(projectId);
  const judged = new WeakMap<StoredEvent, Omit<Delivery, 'event'>>();
  const events = feed(
    context,
    actor,
    topics.team(teamId),
    async (event): Promise<Verdict> => {
      if (!concerns(event)) return 'skip';
      const access = await readableSpaceContent(db, projectId, actor.userId);
      if (!access) return 'end';
      if (!isBoardEvent(event)) return 'skip';
      judged.set(event, { access, part: await shared(context, event, projectId) });
      return 'deliver';
    },
    concerns,
  );
  return mapFeed(events, (event) => ({ event, ...judged.get(event)! }));
}

/**
 * What every subscriber of a space is sent about one event is the same but for their own flags, so
 * it is read once per event and shared (the last few events are kept; a late reader recomputes). The
 * read's promise is kept, so subscribers judging the event at once share one read.
 */
const sharedByEvent = new WeakMap<object, Map<string, Promise<SharedPart>>>();
const sharedEventsKept = 32;

async function sharedPart(db: Reader, event: StoredEvent, projectId: string) {
  const payload = event.payload as Payload;
  const row = payload.taskId ? await findTaskRow(db, payload.taskId) : undefined;
  return {
    base: row && row.projectId === projectId ? (await presentTaskBases(db, [row]))[0]! : null,
    states: event.type.startsWith('state') ? await sectionsOf(db, projectId) : null,
    tags: event.type.startsWith('tag.') ? await tagsOf(db, projectId) : null,
    ...(await positionsAfter(db, event)),
  };
}

type SharedPart = Awaited<ReturnType<typeof sharedPart>>;

function shared(context: MercuriusContext, event: StoredEvent, projectId: string): Promise<SharedPart> {
  const db = context.services.database.db;
  let cache = sharedByEvent.get(context.services.database);
  if (!cache) sharedByEvent.set(context.services.database, (cache = new Map()));
  const key = `${event.seq}:${projectId}`;
  let part = cache.get(key);
  if (!part) {
    const reading = sharedPart(db, event, projectId);
    cache.set(key, reading);
    // A failed read is not kept: the next subscriber reads again.
    reading.catch(() => cache.get(key) === reading && cache.delete(key));
    part = reading;
    if (cache.size > sharedEventsKept) cache.delete(cache.keys().next().value!);
  }
  return part;
}

async function positionsAfter(db: Reader, event: StoredEvent) {
  if (event.type === 'tasks.respaced') {
    const respaced = event.payload as TasksRespaced;
    return {
      positionField: respaced.field,
      positions: respaced.positions.map((entry) => ({ id: entry.taskId, position: entry.position })),
    };
  }
  if (event.type === 'state.deleted') {
    const moveTo = (event.payload as StateDeleted).moveTo;
    const moved = await db.select({ id: tasks.id, position: tasks.positionSection }).from(tasks).where(eq(tasks.stateId, moveTo));
    return { positionField: 'positionSection', positions: moved };
  }
  return { positionField: null, positions: null };
}

/**
 * Deliveries whose payloads are shared by every subscriber with the same flags on the task (following it,
 * may edit, may delete): all else in a subTask payload is the same for everyone who sees the space. Used
 * only for documents that select no field with a resolver of its own (selectsPlainFieldsOnly), as those may
 * read the viewer. Each subscriber's feed has judged the event for them first.
 */
function sharedByFlags(deliveries: LiveFeed<Delivery>, context: MercuriusContext, viewerId: string): LiveFeed<Delivery> {
  return mapFeed(deliveries, (delivery) => {
    const { base } = delivery.part;
    const task = base ? forViewer(base, delivery.access, viewerId) : null;
    const visibility = task ? [task.isFollowing, task.canEdit, task.canDelete].join('|') : 'none';
    return shareWith(delivery, delivery.event, visibility);
  });
}

export const taskSubscriptions = {
  subTask: {
    subscribe: async (_root, args, context, info) => {
      const actor = requireActor(context);
      const access = await requireReadableSpaceContent(context.services.database.db, args.project, actor.userId);
      const deliveries = boardFeed(context, actor, access.teamId, access.projectId);
      return selectsPlainFieldsOnly(info) ? sharedByFlags(deliveries, context, actor.userId) : deliveries;
    },
    resolve: ({ event, access, part }, _args, context) => {
      const actor = requireActor(context);
      const payload = event.payload as Payload;
      const { base, ...rest } = part;
      return {
        type: isTaskFileEvent(event) ? 'task.files' : event.type,
        seq: event.seq,
        project: access.projectId,
        taskId: payload.taskId ?? null,
        task: base ? forViewer(base, access, actor.userId) : null,
        stateId: payload.stateId ?? null,
        tagId: payload.tagId ?? null,
        moveTo: event.type === 'state.deleted' ? (event.payload as StateDeleted).moveTo : null,
        ...rest,
      };
    },
  } satisfies LiveSubscription<'subTask', Delivery>,
} satisfies SubscriptionResolvers;
