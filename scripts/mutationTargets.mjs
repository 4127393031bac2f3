/**
 * The files mutation testing mutates (`npm run test:mutation`, stryker.config.mjs): the code where a bug no
 * test notices costs most. Every area's policies.ts is in by the pattern as soon as the area lands; an area
 * adds any other rule file here, one line each.
 */
export const mutationTargets = [
  // The core: the one door every write goes through, and who may see and change what.
  'server/src/core/sqlite/eventStore.ts',
  'server/src/core/runCommand.ts',
  'server/src/core/access.ts',
  'server/src/core/spaceContent.ts',
  'server/src/domains/*/policies.ts',
  // The shared rules that decide what is valid, on the server and in the client alike.
  'shared/src/taskRules.ts',
  'shared/src/chatRules.ts',
  'shared/src/email.ts',
  'shared/src/password.ts',
  'shared/src/returnPath.ts',
  'shared/src/teams.ts',
  'shared/src/ordering.ts',
  'shared/src/uploads.ts',
  'shared/src/plans.ts',
  // The calendar: who may answer for a guest, which addresses the server may call, and when a series happens.
  'server/src/domains/calendar/feed/tokens.ts',
  'server/src/domains/calendar/sync/addressGuard.ts',
  'server/src/domains/calendar/namedExpansion.ts',
];
