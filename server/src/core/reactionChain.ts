import type { StoredEvent } from './events';

/** Reactions may append events that other reactions answer; a chain this deep is a loop. */
export const maximumReactionDepth = 8;

/** What a door runs for an event: a reaction of the port, or a door's own face of one. */
interface ReactionOf<Unit> {
  react(unit: Unit, event: StoredEvent): void | Promise<void>;
}

/**
 * One unit's reactions, the same on every door: for each event appended, its reactions run in order, awaited; a
 * reaction's own appends run theirs inside it, and a chain deeper than `maximumReactionDepth` is refused as a loop.
 */
export function reactionChain<Unit>(reactionsByType: ReadonlyMap<string, readonly ReactionOf<Unit>[]>) {
  let depth = 0;
  return async (unit: Unit, events: readonly StoredEvent[]): Promise<void> => {
    for (const event of events) {
      const reactions = reactionsByType.get(event.type);
      if (!reactions) continue;
      if (depth >= maximumReactionDepth) throw new Error(`Reactions to ${event.type} nest deeper than ${maximumReactionDepth}: a loop?`);
      depth += 1;
      try {
        for (const reaction of reactions) await reaction.react(unit, event);
      } finally {
        depth -= 1;
      }
    }
  };
}
