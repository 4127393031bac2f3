/**
 * Test helper: `lib/subscriptions` with `subscribe` and `onReconnect` captured, so that a test delivers live results
 * and reconnections itself. A test file mocks the module with it (vi.mock is hoisted, so the helper is imported inside):
 *
 *   vi.mock('../lib/subscriptions', async (importOriginal) => (await import('../test/liveMock')).liveModule(importOriginal));
 *
 * then imports `live` (the same instance) to push results: `live.subscriptions.get('subCalls')?.next(data)`.
 */
import { operationOf, type DocumentText } from '../lib/graphqlDocument';
import type * as Subscriptions from '../lib/subscriptions';

export interface CapturedLive {
  /** The latest subscription of each operation, by operation name. */
  subscriptions: Map<string, { next: (data: unknown) => void; reload?: () => void }>;
  /** Every listener of reconnections, in the order they were added. */
  reconnects: (() => void)[];
}

export const live: CapturedLive = { subscriptions: new Map(), reconnects: [] };

/** Forgets what earlier tests subscribed (call it before each test). */
export function resetLive(): void {
  live.subscriptions.clear();
  live.reconnects.length = 0;
}

/** The module to put in place of lib/subscriptions: the real one, with the two entry points captured. */
export async function liveModule(importOriginal: <T>() => Promise<T>): Promise<typeof Subscriptions> {
  const original = await importOriginal<typeof Subscriptions>();
  const subscribe = (
    document: DocumentText,
    _variables: unknown,
    next: (data: unknown) => void,
    _target?: unknown,
    reload?: () => void,
  ) => {
    live.subscriptions.set(operationOf(document), { next, ...(reload ? { reload } : {}) });
    return () => undefined;
  };
  const onReconnect = (listener: () => void) => {
    live.reconnects.push(listener);
    return () => undefined;
  };
  return { ...original, subscribe: subscribe as typeof original.subscribe, onReconnect };
}
