import { DomainError, refusal } from '../../errors';
import type { StoredEvent } from '../../core/events';
import { requireActor } from '../../graphql/context';
import type { MercuriusContext } from 'mercurius';
import { readTogether } from '../../db/prepared';
import { feed, mapFeed, shareWith, topics, type LiveFeed, type Verdict } from '../../core/live';
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

function teamChangeVerdict(database: LiveDatabase, userId: string, event: StoredEvent): Verdict {
  const payload = event.payload as Payload;
  if (event.type === 'user.default_team_changed') return event.stream === userStream(userId) ? 'deliver' : 'skip';
  if (!event.type.startsWith('team.') || event.teamId === null) return 'skip';
  if (event.type === 'team.member_removed' && payload.userId === userId) return 'deliver';
  const reads = liveAccess.now(database);
  const team = reads.team(event.teamId);
  return team && teamPolicy.read(reads.teamSeat(team, userId)) ? 'deliver' : 'skip';
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

function spaceChangeVerdict(database: LiveDatabase, listener: SpaceListener, teamId: string, event: StoredEvent): Verdict {
  // Chat traffic it does not hear is dropped before any query: it is most of a team's events.
  if (isChatEvent(event.type) && !spaceChatEvent(event, listener)) return 'skip';
  const { userId } = listener;
  const reads = liveAccess.now(database);
  const team = reads.team(teamId);
  const seat = team ? reads.teamSeat(team, userId) : null;
  if (!seat) return 'end';
  const payload = event.payload as Payload;
  if (isChatEvent(event.type)) {
    const access = reads.spaceAccess(payload.projectId!, userId);
    return access && spacePolicy.read(seat, access.space, access.spaceSeat) ? 'deliver' : 'skip';
  }
  if (!event.type.startsWith('project.')) return 'skip';
  if (event.type === 'project.deleted') {
    const deleted = event.payload as ProjectDeleted;
    const couldSee =
      deleted.memberIds.includes(userId) || effectiveTeamRole(seat) === 'admin' || (deleted.type === 'public' && seat.role !== 'guest');
    return couldSee ? 'deliver' : 'skip';
  }
  const access = reads.spaceAccess(payload.projectId!, userId);
  if (access && spacePolicy.read(seat, access.space, access.spaceSeat)) return 'deliver';
  // Changes that took the space out of the subscriber's sight: they must drop it.
  if (payload.userId === userId) return 'deliver';
  const madePrivate = event.type === 'project.updated' && (event.payload as ProjectUpdated).changes.type === 'private';
  return madePrivate && seat.role !== 'guest' ? 'deliver' : 'skip';
}

/**
 * A feed whose payloads are shared by every subscriber with the same view of the event (see viewOfChange):
 * a change to a space of thousands is then executed and serialized a handful of times, not once per
 * subscriber. Each subscriber's own feed has judged the event for them first. The view is taken as the
 * event is handed on (mapFeed), so the feed stays on the pushed path.
 */
function sharedByView(events: LiveFeed<StoredEvent>, context: MercuriusContext, viewerId: string): LiveFeed<StoredEvent> {
  const database = context.services.database;
  // The view's reads (the space, the team, the seats) in one read transaction, as the feed's judgement is.
  return mapFeed(events, (event) =>
    shareWith(
      event,
      event,
      readTogether(database.sqlite, () => viewOfChange(database, viewerId, event)),
    ),
  );
}

/** A chat event as the chat list's feed hands it on: with the subscriber's summary of the space, when worked out. */
type SpaceChatDelivery = StoredEvent & { spaceChat?: SpaceChatSummary };

/**
 * The chat list's feed: a chat event's payload is shared by every subscriber with the same view of the space,
 * the same unread count and the same relation to the last message (its author or not), worked out for each
 * subscriber at the handover's snapshot and handed to the payload (Project.unread and lastMessage answer it), so
 * each is sent exactly their own summary. The summary reads (the space's newest messages, kept per log position,
 * and the subscriber's read marker) are a small part of executing the document. Other events go per subscriber.
 */
function sharedBySpaceChat(events: LiveFeed<StoredEvent>, context: MercuriusContext, viewerId: string): LiveFeed<StoredEvent> {
  const { database, store } = context.services;
  const summaries = spaceChatSummariesOf(database.db);
  if (!summaries) return events;
  return mapFeed(events, (event) => {
    if (!isChatEvent(event.type)) return event;
    const projectId = (event.payload as Payload).projectId!;
    return readTogether(database.sqlite, () => {
      const view = viewOfChange(database, viewerId, event);
      if (view === 'hidden') return shareWith(event, event, view);
      const access = liveAccess.now(database).spaceAccess(projectId, viewerId)!;
      const moderates = spacePolicy.manage(access.seat!, access.space, access.spaceSeat);
      const spaceChat = summaries.summaryOf(database.db, database.sqlite, viewerId, projectId, moderates, store.clock.now());
      const delivery: SpaceChatDelivery = Object.assign({}, event, { spaceChat });
      const wrote = spaceChat.lastMessage?.authorId === viewerId ? 'author' : 'reader';
      return shareWith(delivery, event, `${view}|${spaceChat.unread}|${wrote}`);
    });
  });
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
      return feed(context, actor, topics.global, (event) => teamChangeVerdict(database, actor.userId, event), teamChangeRelevant);
    },
    resolve: (event, _args, context) => {
      const actor = requireActor(context);
      const db = context.services.database.db;
      const payload = event.payload as Payload & { teamId?: string | null };
      const teamId = event.type === 'user.default_team_changed' ? (payload.teamId ?? '') : event.teamId!;
      const team = teamId ? findTeam(db, teamId) : undefined;
      const member = team && loadTeamSeat(db, team, actor.userId);
      return { type: event.type, teamId, userId: payload.userId ?? null, team: member ? presentTeam(db, team, actor.userId) : null };
    },
  } satisfies LiveSubscription<'subTeam', StoredEvent>,
  subProject: {
    subscribe: (_root, _args, context, info) => {
      const actor = requireActor(context);
      const database = context.services.database;
      const { team } = requireCurrentTeam(database.db, actor.userId);
      const listener: SpaceListener = { userId: actor.userId, hearsChat: readsSpaceChat(info) };
      const events = feed(
        context,
        actor,
        topics.team(team.id),
        (event) => spaceChangeVerdict(database, listener, team.id, event),
        (event) => spaceChangeRelevant(event, listener),
      );
      if (readsSeatFieldsOnly(info)) return sharedByView(events, context, actor.userId);
      return listener.hearsChat && readsSeatFieldsOrSpaceChatOnly(info) ? sharedBySpaceChat(events, context, actor.userId) : events;
    },
    resolve: (event, _args, context) => {
      const actor = requireActor(context);
      const database = context.services.database;
      const db = database.db;
      const payload = event.payload as Payload & { projectId: string };
      const reads = liveAccess.now(database);
      const access = reads.spaceAccess(payload.projectId, actor.userId);
      const visible = access?.seat && spacePolicy.read(access.seat, access.space, access.spaceSeat) ? access : null;
      const space = visible ? reads.spaceRow(payload.projectId)! : null;
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
            ? (presentSpaceMember(db, space, userId, actor.userId) ?? null)
            : null,
      };
    },
  } satisfies LiveSubscription<'subProject', StoredEvent>,
  subUser: {
    subscribe: (_root, args, context) => {
      const actor = requireActor(context);
      const db = context.services.database.db;
      if (!args.team) return feed(context, actor, topics.stream(userStream(actor.userId)), () => 'deliver');
      const { team, seat } = requireTeamMember(db, args.team, actor.userId);
      if (!teamPolicy.participate(seat)) throw new DomainError('PERMISSION_DENIED');
      const database = context.services.database;
      return feed(
        context,
        actor,
        topics.global,
        (event) => {
          const reads = liveAccess.now(database);
          const teamNow = reads.team(team.id);
          if (!teamNow || !teamPolicy.read(reads.teamSeat(teamNow, actor.userId))) return 'end';
          const changed = (event.payload as Payload).userId;
          if (!profileEventTypes.has(event.type) || !changed) return 'skip';
          return reads.teamSeat(teamNow, changed) ? 'deliver' : 'skip';
        },
        // Profile changes, and team events: a lost seat ends the feed, and only a team event takes it.
        (event) => profileEventTypes.has(event.type) || event.type.startsWith('team.'),
      );
    },
    resolve: (event, args, context) => {
      const actor = requireActor(context);
      const userId = args.team ? (event.payload as Payload).userId! : actor.userId;
      return presentUser(findUser(context.services, userId));
    },
  } satisfies LiveSubscription<'subUser', StoredEvent>,
} satisfies SubscriptionResolvers;
