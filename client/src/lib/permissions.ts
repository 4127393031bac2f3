/**
 * SPEC §6: a user without rights sees "You don't have permission to manage this project. Ask the
 * creator for permissions." The server sends it as PERMISSION_DENIED; the data client has already
 * put it in the user's language, so screens show `error.message` in place.
 */
import { RequestError } from './graphql';

export function isPermissionDenied(error: unknown): error is RequestError {
  return error instanceof RequestError && error.code === 'PERMISSION_DENIED';
}
