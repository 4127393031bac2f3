import type { MercuriusContext } from 'mercurius';
import type { UnitOfWork } from './commands';

/** Runs a GraphQL mutation's command through the door, with the caller as actor and the request's Idempotency-Key. */
export function runCommand<Result>(
  context: MercuriusContext,
  actorId: string,
  work: (unit: UnitOfWork) => Result | Promise<Result>,
): Promise<Result> {
  return context.services.store.run({ actorId, mutationId: context.mutationId, request: context.request }, work);
}
