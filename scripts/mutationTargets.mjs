/**
 * The files mutation testing mutates (`npm run test:mutation`, stryker.config.mjs): the code where a bug no
 * test notices costs most. An area adds its policies and rules here when it lands, one line each.
 */
export const mutationTargets = ['shared/src/taskRules.ts', 'shared/src/chatRules.ts'];
