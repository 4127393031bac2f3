/**
 * Test helper: stubs `fetch` for POST /graphql and answers each operation (its root field) with
 * a handler's reply, recording every call. Unknown operations answer `{ data: {} }`.
 */
import { expect, vi } from 'vitest';
import { errorMessages, isErrorCode } from '#shared/errors';
import { rootFieldOf } from '../lib/graphqlDocument';

export interface GraphQLReply {
  data?: unknown;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export interface RecordedCall {
  operation: string;
  query: string;
  variables: Record<string, unknown>;
  /** The Idempotency-Key header (mutations). */
  idempotencyKey: string | undefined;
}

type Handler = (variables: Record<string, unknown>) => GraphQLReply | Promise<GraphQLReply>;

/**
 * A server error as the server sends it: a message that is its code's own text carries the code's
 * parameters (`params`, empty when it has none), which lets the client translate it by code.
 */
export function failure(code: string, message: string, extensions: Record<string, unknown> = {}): GraphQLReply {
  const standard = isErrorCode(code) && message === errorMessages[code] ? { params: {} } : {};
  return { errors: [{ message, extensions: { code, ...standard, ...extensions } }] };
}

export function mockGraphQL(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { query: string; variables: Record<string, unknown> };
    const operation = rootFieldOf(body.query);
    const headers = new Headers(init.headers);
    calls.push({ operation, query: body.query, variables: body.variables, idempotencyKey: headers.get('idempotency-key') ?? undefined });
    const reply = (await handlers[operation]?.(body.variables)) ?? { data: {} };
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, callsOf: (operation: string) => calls.filter((call) => call.operation === operation) };
}

/**
 * A reply held until the test lets it go, to put a mutation's answer before or after its live echo: `asked` is
 * the handler for mockGraphQL, `sent` waits until the request went out, `release` answers it.
 */
export function heldReply() {
  let release: (reply: GraphQLReply) => void = () => undefined;
  const reply = new Promise<GraphQLReply>((resolve) => (release = resolve));
  const asked = vi.fn(() => reply);
  return { reply, asked, release, sent: () => vi.waitFor(() => expect(asked).toHaveBeenCalled()) };
}
