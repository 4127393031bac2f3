import type { DomainEvent } from '../../core/events';

export type AiPurpose = 'assistant' | 'writing';
export type AiRequestOutcome = 'ok' | 'failed' | 'aborted';

/** A provider request began (after the team's limits let it through); it counts towards the limits from now on. */
export interface AiRequestStarted {
  requestId: string;
  teamId: string;
  userId: string;
  purpose: AiPurpose;
  startedAt: string;
}

/** A provider request ended: its tokens, as the provider counted them or estimated (characters / 4). */
export interface AiRequestEnded {
  requestId: string;
  teamId: string;
  promptTokens: number;
  completionTokens: number;
  estimated: boolean;
  outcome: AiRequestOutcome;
  /** The AI error code it ended with, if it failed. */
  errorCode: string | null;
}

/** A team admin set the team's AI limits. */
export interface AiLimitsSet {
  teamId: string;
  requestsPerMinute: number;
  tokensPerDay: number;
}

/** Events of the AI tools; `type` strings are stored in the log forever, never renamed. */
export type AiToolsEvent =
  | DomainEvent<'ai.request.started', AiRequestStarted>
  | DomainEvent<'ai.request.ended', AiRequestEnded>
  | DomainEvent<'ai.limits.set', AiLimitsSet>;
