import { isConnectionLoss } from './postgres/connect';

/*
 * A request that failed because the database could not be reached (PostgreSQL stopped, restarting, or the network to
 * it down) is answered 503 DATABASE_UNAVAILABLE instead of an internal error (issue 21: "a database that goes away
 * while running: requests fail with a clear error"). 503 is what the app resends a mutation after, with the same
 * Idempotency-Key, so a write whose answer was lost is applied once when the database is back; postgres.js opens new
 * connections by itself, so the server recovers without a restart.
 */

/**
 * Beyond a connection lost (`isConnectionLoss`: class 08, 57P01 to 57P03, a closed or reset connection), a connection
 * that could not be opened: refused, no route, a name that does not resolve, the connect timeout, too many
 * connections (53300).
 */
const connectionRefusals = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'CONNECT_TIMEOUT', '53300']);

/** Whether `error`, or an error it was caused by (drizzle and the door wrap the driver's), is such a failure. */
export function isDatabaseOutage(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 6; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (connectionRefusals.has(code) || isConnectionLoss(current))) return true;
    const errors = (current as { errors?: unknown }).errors;
    // Node's AggregateError when every address of a host refused (IPv4 and IPv6).
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseOutage(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
