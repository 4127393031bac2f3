import { eq } from 'drizzle-orm';
import type { Projection, StoredEvent } from '../../core/events';
import type { Transaction } from '../../db/connection';
import type { AiToolsEvent } from './toolsEvents';
import { aiLimits, aiUsage } from './tables';

/** The events this projection writes rows for (every type of AiToolsEvent: the compiler checks none is missing). */
const toolsEventTypes: ReadonlySet<string> = new Set(
  Object.keys({ 'ai.request.started': true, 'ai.request.ended': true, 'ai.limits.set': true } satisfies Record<AiToolsEvent['type'], true>),
);

/** ai.request.* become one usage row per request; ai.limits.set the team's limits row. */
export const aiToolsProjection: Projection = {
  name: 'aiTools',
  tables: [aiUsage, aiLimits],
  /**
   * Answers a promise for its own events only: every projection sees every event, and
   * an await per projection per event would cost every unit of work one (domains/projections.test.ts).
   */
  apply(transaction: Transaction, stored: StoredEvent): Promise<void> | undefined {
    if (!toolsEventTypes.has(stored.type)) return undefined;
    return projectToolsEvent(transaction, { type: stored.type, payload: stored.payload } as AiToolsEvent);
  },
};

async function projectToolsEvent(transaction: Transaction, event: AiToolsEvent): Promise<void> {
  switch (event.type) {
    case 'ai.request.started': {
      const { requestId, teamId, userId, purpose, startedAt } = event.payload;
      await transaction.insert(aiUsage).values({ id: requestId, teamId, userId, purpose, startedAt }).onConflictDoNothing();
      return;
    }
    case 'ai.request.ended': {
      const { requestId, promptTokens, completionTokens, outcome } = event.payload;
      await transaction.update(aiUsage).set({ promptTokens, completionTokens, outcome }).where(eq(aiUsage.id, requestId));
      return;
    }
    case 'ai.limits.set': {
      const { teamId, requestsPerMinute, tokensPerDay } = event.payload;
      await transaction
        .insert(aiLimits)
        .values({ teamId, requestsPerMinute, tokensPerDay })
        .onConflictDoUpdate({ target: aiLimits.teamId, set: { requestsPerMinute, tokensPerDay } });
      return;
    }
  }
}
