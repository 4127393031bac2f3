import { eq } from 'drizzle-orm';
import type { PresenceState } from '#shared/chatRules';
import { isId } from '../../core/ids';
import { codedError } from '../../errors';
import type { StoredEvent } from '../../core/events';
import type { Services } from '../../graphql/context';
import { requireActor } from '../../graphql/context';
import { feed, filterFeed, topics, type LiveFeed, type Verdict } from '../../core/live';
import { liveAccess, requireCurrentTeam, teamsOf } from '../teams';
import { teamMembers } from '../teams';
import { guestCircle } from './privatResolvers';
import type { TeamSeat } from '../../core/access';
import type { Reader } from '../tasks';
import type { LiveSubscription, MutationResolvers, QueryResolvers, SubscriptionResolvers } from '../../graphql/schemaTypes';

export const presenceTopic = 'presence';

/** A presence change as subPresence's feed receives it; `teamIds` are the user's teams when it happened. */
export interface PresenceNotice {
  type: 'presence';
  userId: string;
  state: PresenceState;
  teamIds: string[];
}

/** A presence notice, told apart from the log's events that share subPresence's feed (the team's, for removals). */
const isPresenceNotice = (incoming: StoredEvent | PresenceNotice): incoming is PresenceNotice => incoming.type === 'presence';

/**
 * Who is online: a user with at least one open graphql-ws connection, away when they said so, offline
 * when their last connection closes (which also forgets "away"). The facts are the presence directory's
 * (services.sockets: this process's memory, or every process's through Redis), never the log's; the board
 * tells this process's subscribers whenever the directory's answer for a user changes.
 */
export class PresenceBoard {
  readonly stop: () => void;
  /** The notice of the latest change, which `set` waits for when its own change made it. */
  private latestNotice: Promise<void> = Promise.resolve();

  constructor(private readonly services: Services) {
    this.stop = services.sockets.onChange((userId, state) => {
      const notice = this.publish(userId, state);
      // The teams are read asynchronously; a notice that cannot be made is dropped, as a lost one would be.
      notice.catch(() => undefined);
      this.latestNotice = notice;
    });
  }

  state(userId: string): PresenceState {
    return this.services.sockets.state(userId);
  }

  async set(userId: string, state: 'online' | 'away'): Promise<void> {
    const before = this.latestNotice;
    // The directory tells its listeners synchronously, so a change made here has started its notice on return.
    this.services.sockets.setAway(userId, state === 'away');
    if (this.latestNotice !== before) await this.latestNotice;
  }

  private async publish(userId: string, state: PresenceState): Promise<void> {
    const notice: PresenceNotice = {
      type: 'presence',
      userId,
      state,
      teamIds: (await teamsOf(this.services.database.db, userId)).map((team) => team.id),
    };
    this.services.live.emitter.emit({ topic: presenceTopic, payload: notice });
  }
}

const boards = new WeakMap<Services, PresenceBoard>();

export function presenceOf(services: Services): PresenceBoard {
  let board = boards.get(services);
  if (!board) boards.set(services, (board = new PresenceBoard(services)));
  return board;
}

/**
 * How many of the team's members the caller may see are online (not away) and away now, for getStats: the same
 * people getPresence would list, so a guest counts only those they share a space with (and themselves).
 */
export async function presenceCounts(
  services: Services,
  db: Reader,
  teamId: string,
  seat: TeamSeat,
): Promise<{ active: number; away: number }> {
  const board = presenceOf(services);
  const shared = await guestCircle(db, seat);
  const counts = { active: 0, away: 0 };
  for (const member of await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId))) {
    if (shared !== null && member.userId !== seat.userId && !shared.has(member.userId)) continue;
    const state = board.state(member.userId);
    if (state === 'online') counts.active += 1;
    else if (state === 'away') counts.away += 1;
  }
  return counts;
}

export const presenceQueries = {
  getPresence: async (_root, _args, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const { team, seat } = await requireCurrentTeam(db, actor.userId);
    const board = presenceOf(context.services);
    // Members read from the team's own list need no seat check; a guest sees only the people they share a space with.
    const shared = await guestCircle(db, seat);
    return (await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, team.id)))
      .map((member) => ({ user: member.userId, state: board.state(member.userId) }))
      .filter(
        (presence) => presence.state !== 'offline' && (presence.user === actor.userId || shared === null || shared.has(presence.user)),
      );
  },
} satisfies QueryResolvers;

export const presenceMutations = {
  setPresence: async (_root, args: { state: string }, context) => {
    const actor = requireActor(context);
    if (args.state !== 'online' && args.state !== 'away') throw codedError('PRESENCE_STATE_INVALID', { field: 'state' });
    await presenceOf(context.services).set(actor.userId, args.state);
    return true;
  },
} satisfies MutationResolvers;

export const presenceSubscriptions = {
  subPresence: {
    subscribe: async (_root, _args, context) => {
      const actor = requireActor(context);
      const { database } = context.services;
      const { team, seat } = await requireCurrentTeam(database.db, actor.userId);
      presenceOf(context.services);
      // Whom the subscriber may see, as chatPartners judges it, with the teammate's seat read once per log
      // position for every subscriber told of the same notice (liveAccess) instead of once each.
      const shared = await guestCircle(database.db, seat);
      const visible = async (userId: string): Promise<boolean> => {
        if (!isId(userId) || (shared !== null && !shared.has(userId))) return false;
        const access = liveAccess.now(database);
        const teamNow = await access.team(team.id);
        return teamNow !== undefined && (await access.teamSeat(teamNow, userId)) !== null;
      };
      // The core's feed types what it carries as the log's events; the presence topic's are notices.
      const incoming: LiveFeed<StoredEvent | PresenceNotice> = feed(
        context,
        actor,
        [presenceTopic, topics.team(team.id)],
        async (event): Promise<Verdict> => {
          if (event.type === 'team.member_removed')
            return (event as StoredEvent<{ userId: string }>).payload.userId === actor.userId ? 'end' : 'skip';
          if (!isPresenceNotice(event)) return 'skip';
          // The subscriber's own changes are theirs already; only teammates they may see are told about.
          return event.userId !== actor.userId && event.teamIds.includes(team.id) && (await visible(event.userId)) ? 'deliver' : 'skip';
        },
        // Presence notices and removals from the team; the team's other events never wake the feed.
        (event) => event.type === 'team.member_removed' || isPresenceNotice(event),
      );
      // Handed over as they come (no generator step per notice); the judge delivers notices only, and this says so to the types.
      return filterFeed(incoming, isPresenceNotice);
    },
    resolve: (notice) => ({ user: notice.userId, state: notice.state }),
  } satisfies LiveSubscription<'subPresence', PresenceNotice>,
} satisfies SubscriptionResolvers;
