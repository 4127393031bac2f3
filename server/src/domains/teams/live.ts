import { DomainError, refusal } from '../../errors';
import type { StoredEvent } from '../../core/events';
import { requireActor } from '../../graphql/context';
import type { MercuriusContext } from 'mercurius';
import { feed, mapFeed, shareWith, topics, type Verdict } from '../../core/live';
import { readsSeatFieldsOnly, readsSeatFieldsOrSpaceChatOnly, readsSpaceChat, viewOfChange } from './projectChangeSharing';
import { spaceChatSummariesOf, type SpaceChatSummary } from '../../core/spaceChatSummaries';
import { findUser, presentUser } from '../accounts';
import type { ProjectDeleted, ProjectUpdated } from './events';
import { effectiveTeamRole, spacePolicy, teamPolicy } from '../../core/access';
import { liveAccess, type LiveDatabase } from './liveAccess';
import { presentSpace, presentSpaceMember, presentTeam } from './present';
import { findTeam, loadTeamSeat, requireCurrentTeam, requireTeamMember } from './state';
import { userStream } from '../../core/streams';
import type { LiveSubscription, SubscriptionResolvers } from '../../graphql/schemaTypes';

/** Profile changes a teammate may hear about; sign-ins and the like stay private. */
const profileEventTypes = new Set(['user.profile_updated', 'user.language_changed', 'user.email_changed']);

type Payload = { userId?: string; projectId?: string };

/** What subTeam's judge looks at: everything else it skips without reading. */
const teamChangeRelevant = (event: StoredEvent) => event.type === 'user.default_team_changed' || event.type.startsWith('team.');

async function teamChangeVerdict(database: LiveDatabase, userId: string, event: StoredEvent): Promise<Verdict> {
  const payload = event.payload as Payload;
  if (event.type === 'user.default_team_changed') return event.stream === userStream(userId) ? 'deliver' : 'skip';
  if (!event.type.startsWith('team.') || event.teamId === null) return 'skip';
  if (event.type === 'team.member_removed' && payload.userId === userId) return 'deliver';
  const reads = liveAccess.now(database);
  const team = await reads.team(event.teamId);
  return team && teamPolicy.read(await reads.teamSeat(team, userId)) ? 'deliver' : 'skip';
}

/** Who a space list's feed is for, and whether its document reads the spaces' chat fields (readsSpaceChat). */
interface SpaceListener {
  userId: string;
  hearsChat: boolean;
}

/**
 * Chat events a space list hears of: its channel's messages (unread, lastMessage) and the subscriber's own
 * reads, when its document reads those fields; they change nothing else of the space.
 */
function spaceChatEvent(event: StoredEvent, listener: SpaceListener): boolean {
  const payload = event.payload as Payload & { projectId?: string | null };
  if (!listener.hearsChat || !payload.projectId) return false;
  if (event.type === 'chat.read') return payload.userId === listener.userId;
  return event.type === 'message.created' || event.type === 'message.edited' || event.type === 'message.deleted';
}

const isChatEvent = (type: string) => type.startsWith('message.') || type === 'chat.read';

/**
 * What a space list's judge looks at: team events (a lost seat ends the feed, and only a team event takes it),
 * space events and, when its document reads them, its chats' traffic. Everything else it skips, or would end the feed for a seat that a
 * team event has taken already.
 */
function spaceChangeRelevant(event: StoredEvent, listener: SpaceListener): boolean {
  if (isChatEvent(event.type)) return spaceChatEvent(event, listener);
  return event.type.startsWith('team.') || event.type.startsWith('project.');
}

async function spaceChangeVerdict(database: LiveDatabase, listener: SpaceListener, teamId: string, event: StoredEvent): Promise<Verdict> {
  // Chat traffic it does not hear is dropped before any query: it is most of a team's events.
  if (isChatEvent(event.type) && !spaceChatEvent(event, listener)) return 'skip';
  const { userId } = listener;
  const reads = liveAccess.now(database);
  const team = await reads.team(teamId);
  const seat = team ? await reads.teamSeat(team, userId) : null;
  if (!seat) return 'end';
  const payload = event.payload as Payload;
  if (isChatEvent(event.type)) {
    const access = await reads.spaceAccess(payload.projectId!, userId);
    return access && spacePolicy.read(seat, access.space, access.spaceSeat) ? 'deliver' : 'skip';
  }
  if (!event.type.startsWith('project.')) return 'skip';
  if (event.type === 'project.deleted') {
    const deleted = event.payload as ProjectDeleted;
    const couldSee =
      deleted.memberIds.includes(userId) || effectiveTeamRole(seat) === 'admin' || (deleted.type === 'public' && seat.role !== 'guest');
    return couldSee ? 'deliver' : 'skip';
  }
  const access = await reads.spaceAccess(payload.projectId!, userId);
  if (access && spacePolicy.read(seat, access.space, access.spaceSeat)) return 'deliver';
  // Changes that took the space out of the subscriber's sight: they must drop it.
  if (payload.userId === userId) return 'deliver';
  const madePrivate = event.type === 'project.updated' && (event.payload as ProjectUpdated).changes.type === 'private';
  return madePrivate && seat.role !== 'guest' ? 'deliver' : 'skip';
}

/**
 * A delivery whose payload is shared by every subscriber with the same view of the event (see viewOfChange):
 * a change to a space of thousands is then executed and serialized a handful of times, not once per
 * subscriber. Worked out by the subscriber's own judge once it lets the event through (its reads are async),
 * and handed on by mapFeed right after that judgement, so the feed stays on the pushed path.
 */
async function sharedByView(database: LiveDatabase, viewerId: string, event: StoredEvent): Promise<StoredEvent> {
  return shareWith(event, event, await viewOfChange(database, viewerId, event));
}

/** A chat event as the chat list's feed hands it on: with the subscriber's summary of the space, when worked out. */
type SpaceChatDelivery = StoredEvent & { spaceChat?: SpaceChatSummary };

/**
 * The chat list's delivery: a chat event's payload is shared by every subscriber with the same view of the space,
 * the same unread count and the same relation to the last message (its author or not), worked out for each
 * subscriber when its judge lets the event through and handed to the payload (Project.unread and lastMessage answer
 * it), so each is sent exactly their own summary. The summary reads (the space's newest messages, kept per log
 * position, and the subscriber's read marker) are a small part of executing the document. Other events go per
 * subscriber.
 */
async function sharedBySpaceChat(
  context: MercuriusContext,
  summaries: NonNullable<ReturnType<typeof spaceChatSummariesOf>>,
  viewerId: string,
  event: StoredEvent,
): Promise<StoredEvent> {
  const { database, store } = context.services;
  if (!isChatEvent(event.type)) return event;
  const projectId = (event.payload as Payload).projectId!;
  const view = await viewOfChange(database, viewerId, event);
  if (view === 'hidden') return shareWith(event, event, view);
  const access = (await liveAccess.now(database).spaceAccess(projectId, viewerId))!;
  const moderates = spacePolicy.manage(access.seat!, access.space, access.spaceSeat);
  const spaceChat = await summaries.summaryOf(database, viewerId, projectId, moderates, store.clock.now());
  const delivery: SpaceChatDelivery = Object.assign({}, event, { spaceChat });
  const wrote = spaceChat.lastMessage?.authorId === viewerId ? 'author' : 'reader';
  return shareWith(delivery, event, `${view}|${spaceChat.unread}|${wrote}`);
}

/** The space as presented, carrying the subscriber's chat summary when their feed worked it out (sharedBySpaceChat). */
function withChatSummary<Space extends object>(space: Space, spaceChat: SpaceChatSummary | undefined): Space {
  return spaceChat ? Object.assign(space, { knownChat: spaceChat }) : space;
}

export const teamSubscriptions = {
  subTeam: {
    subscribe: (_root, args, context) => {
      const actor = requireActor(context);
      if (args.user && args.user !== actor.userId) throw refusal('PERMISSION_DENIED', 'OWN_TEAMS_ONLY');
      const database = context.services.database;
      return feed(
        context,
        actor,
        topics.global,
        async (event) => await teamChangeVerdict(database, actor.userId, event),
        teamChangeRelevant,
      );
    },
    resolve: async (event, _args, context) => {
      const actor = requireActor(context);
      const db = context.services.database.db;
      const payload = event.payload as Payload & { teamId?: string | null };
      const teamId = event.type === 'user.default_team_changed' ? (payload.teamId ?? '') : event.teamId!;
      const team = teamId ? await findTeam(db, teamId) : undefined;
      const member = team && (await loadTeamSeat(db, team, actor.userId));
      return { type: event.type, teamId, userId: payload.userId ?? null, team: member ? await presentTeam(db, team, actor.userId) : null };
    },
  } satisfies LiveSubscription<'subTeam', StoredEvent>,
  subProject: {
    subscribe: async (_root, _args, context, info) => {
      const actor = requireActor(context);
      const database = context.services.database;
      const { team } = await requireCurrentTeam(database.db, actor.userId);
      const listener: SpaceListener = { userId: actor.userId, hearsChat: readsSpaceChat(info) };
      const summaries = spaceChatSummariesOf(database.db);
      const share = readsSeatFieldsOnly(info)
        ? (event: StoredEvent) => sharedByView(database, actor.userId, event)
        : summaries && listener.hearsChat && readsSeatFieldsOrSpaceChatOnly(info)
          ? (event: StoredEvent) => sharedBySpaceChat(context, summaries, actor.userId, event)
          : null;
      // The shared delivery the judge worked out for the event it let through last (see sharedByView).
      let prepared: { event: StoredEvent; delivery: StoredEvent } | null = null;
      const events = feed(
        context,
        actor,
        topics.team(team.id),
        async (event) => {
          const verdict = await spaceChangeVerdict(database, listener, team.id, event);
          if (verdict === 'deliver' && share) prepared = { event, delivery: await share(event) };
          return verdict;
        },
        (event) => spaceChangeRelevant(event, listener),
      );
      if (!share) return events;
      return mapFeed(events, (event) => (prepared?.event === event ? prepared.delivery : event));
    },
    resolve: async (event, _args, context) => {
      const actor = requireActor(context);
      const database = context.services.database;
      const db = database.db;
      const payload = event.payload as Payload & { projectId: string };
      const reads = liveAccess.now(database);
      const access = await reads.spaceAccess(payload.projectId, actor.userId);
      const visible = access?.seat && spacePolicy.read(access.seat, access.space, access.spaceSeat) ? access : null;
      const space = visible ? (await reads.spaceRow(payload.projectId))! : null;
      const type = event.type === 'chat.read' ? 'project.read' : event.type.startsWith('message.') ? 'project.message' : event.type;
      const userId = payload.userId ?? null;
      return {
        type,
        projectId: payload.projectId,
        userId,
        project: space
          ? withChatSummary(presentSpace(space, visible!.seat!, visible!.spaceSeat), (event as SpaceChatDelivery).spaceChat)
          : null,
        // Only a membership change is about a member; a chat event's userId is its reader, not a change of the list.
        member:
          space && userId && type.startsWith('project.') && !isChatEvent(event.type)
            ? ((await presentSpaceMember(db, space, userId, actor.userId)) ?? null)
            : null,
      };
    },
  } satisfies LiveSubscription<'subProject', StoredEvent>,
  subUser: {
    subscribe: async (_root, args, context) => {
      const actor = requireActor(context);
      const db = context.services.database.db;
      if (!args.team) return feed(context, actor, topics.stream(userStream(actor.userId)), () => 'deliver');
      const { team, seat } = await requireTeamMember(db, args.team, actor.userId);
      if (!teamPolicy.participate(seat)) throw new DomainError('PERMISSION_DENIED');
      const database = context.services.database;
      return feed(
        context,
        actor,
        topics.global,
        async (event) => {
          const reads = liveAccess.now(database);
          const teamNow = await reads.team(team.id);
          if (!teamNow || !teamPolicy.read(await reads.teamSeat(teamNow, actor.userId))) return 'end';
          const changed = (event.payload as Payload).userId;
          if (!profileEventTypes.has(event.type) || !changed) return 'skip';
          return (await reads.teamSeat(teamNow, changed)) ? 'deliver' : 'skip';
        },
        // Profile changes, and team events: a lost seat ends the feed, and only a team event takes it.
        (event) => profileEventTypes.has(event.type) || event.type.startsWith('team.'),
      );
    },
    resolve: async (event, args, context) => {
      const actor = requireActor(context);
      const userId = args.team ? (event.payload as Payload).userId! : actor.userId;
      return presentUser(await findUser(context.services, userId));
    },
  } satisfies LiveSubscription<'subUser', StoredEvent>,
} satisfies SubscriptionResolvers;
