import { eq } from 'drizzle-orm';
import type { Projection } from '../../core/events';
import type { AiToolsEvent } from './toolsEvents';
import { aiLimits, aiUsage } from './tables';

/** ai.request.* become one usage row per request; ai.limits.set the team's limits row. */
export const aiToolsProjection: Projection = {
  name: 'aiTools',
  tables: [aiUsage, aiLimits],
  async apply(transaction, stored) {
    const event = { type: stored.type, payload: stored.payload } as AiToolsEvent;
    switch (event.type) {
      case 'ai.request.started': {
        const { requestId, teamId, userId, purpose, startedAt } = event.payload;
        await transaction.insert(aiUsage).values({ id: requestId, teamId, userId, purpose, startedAt }).onConflictDoNothing().run();
        return;
      }
      case 'ai.request.ended': {
        const { requestId, promptTokens, completionTokens, outcome } = event.payload;
        await transaction.update(aiUsage).set({ promptTokens, completionTokens, outcome }).where(eq(aiUsage.id, requestId)).run();
        return;
      }
      case 'ai.limits.set': {
        const { teamId, requestsPerMinute, tokensPerDay } = event.payload;
        await transaction
          .insert(aiLimits)
          .values({ teamId, requestsPerMinute, tokensPerDay })
          .onConflictDoUpdate({ target: aiLimits.teamId, set: { requestsPerMinute, tokensPerDay } })
          .run();
        return;
      }
      default:
        return;
    }
  },
};
