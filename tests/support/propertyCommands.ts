import fc from 'fast-check';

/**
 * The commands of the property test (tests/integration/property-postgres.test.ts): what fast-check draws in the
 * parent and tests/support/propertyOnDoor.ts runs in a child per dialect. Every argument names something of a small
 * world by a pool's name, never a database id, so a sequence is plain JSON, means the same on both databases, and any
 * part of a sequence is a sequence too (a command on a task never created, or deleted, is refused like any other).
 *
 * The world each sequence starts from: ada (the team's admin), bob (a basic member) and cy (a guest) in the team
 * "Launch", whose public space "open" has all three, and private space "design" ada and bob.
 */

export const people = ['ada', 'bob', 'cy'] as const;
export type Person = (typeof people)[number];

export const spaces = ['open', 'design'] as const;
export type SpaceName = (typeof spaces)[number];

/** Tasks and messages by number in their pools: few, so commands keep meeting the same ones. */
export const taskPool = [1, 2, 3] as const;
export const messagePool = [1, 2, 3] as const;

/** Names a task may be given: two fine, one blank, one a character too long (the child spells it out). */
export const taskNames = ['Plan', 'Ship it', '  ', 'too long'] as const;
export type TaskName = (typeof taskNames)[number];

/** Bodies a message may have: plain, formatted, a mention of bob, blank, a character too long (spelled out by the child). */
export const messageBodies = ['Hello', 'Done **now**', 'mention bob', ' ', 'too long'] as const;
export type MessageBody = (typeof messageBodies)[number];

export const emojis = ['👍', '🎉'] as const;

export type Command =
  | { kind: 'createTask'; actor: Person; task: number; space: SpaceName; name: TaskName; assignee: Person | null; parent: number | null }
  | { kind: 'renameTask'; actor: Person; task: number; name: TaskName }
  | { kind: 'setTaskSection'; actor: Person; task: number; section: number }
  | { kind: 'assignTask'; actor: Person; task: number; assignee: Person | null }
  | { kind: 'setTaskParent'; actor: Person; task: number; parent: number | null }
  | { kind: 'moveTask'; actor: Person; task: number; space: SpaceName }
  | { kind: 'deleteTask'; actor: Person; task: number; withSubtasks: boolean }
  | { kind: 'postMessage'; actor: Person; message: number; space: SpaceName; body: MessageBody; replyTo: number | null }
  | { kind: 'editMessage'; actor: Person; message: number; body: MessageBody }
  | { kind: 'deleteMessage'; actor: Person; message: number }
  | { kind: 'reactToMessage'; actor: Person; message: number; emoji: string }
  | { kind: 'readChannel'; actor: Person; space: SpaceName }
  | { kind: 'setSpacePermission'; actor: Person; space: SpaceName; person: Person; permission: 'admin' | 'basic' | 'removed' }
  | { kind: 'joinSpace'; actor: Person; space: SpaceName }
  | { kind: 'setTeamRole'; actor: Person; person: Person; role: 'admin' | 'basic' | 'guest' }
  | { kind: 'removeFromTeam'; actor: Person; person: Person }
  | { kind: 'addToTeam'; actor: Person; person: Person; role: 'admin' | 'basic' | 'guest' };

const person = fc.constantFrom(...people);
const space = fc.constantFrom(...spaces);
const task = fc.constantFrom(...taskPool);
const message = fc.constantFrom(...messagePool);
/** Mostly none: a parent, an assignee or a message replied to names something that may not be there. */
const maybe = <Value>(arbitrary: fc.Arbitrary<Value>) => fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
/** Mostly one of the fine ones, sometimes one refused (blank, too long). */
const mostlyFine = <Value>(fine: readonly Value[], refused: readonly Value[]) =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fine) }, { weight: 1, arbitrary: fc.constantFrom(...refused) });
const taskName = mostlyFine<TaskName>(['Plan', 'Ship it'], ['  ', 'too long']);
const messageBody = mostlyFine<MessageBody>(['Hello', 'Done **now**', 'mention bob'], [' ', 'too long']);
const role = fc.constantFrom('admin' as const, 'basic' as const, 'guest' as const);

/**
 * One command. Creations weigh more than the rest (an edit of a task never created only tests the refusal), and the
 * teams' commands less (a sequence that takes everyone out early tests little else).
 */
export const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('createTask' as const),
      actor: person,
      task,
      space,
      name: taskName,
      assignee: maybe(person),
      parent: maybe(task),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('renameTask' as const), actor: person, task, name: taskName }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('setTaskSection' as const), actor: person, task, section: fc.integer({ min: 0, max: 2 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('assignTask' as const), actor: person, task, assignee: maybe(person) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('setTaskParent' as const), actor: person, task, parent: maybe(task) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('moveTask' as const), actor: person, task, space }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteTask' as const), actor: person, task, withSubtasks: fc.boolean() }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('postMessage' as const),
      actor: person,
      message,
      space,
      body: messageBody,
      replyTo: maybe(message),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('editMessage' as const), actor: person, message, body: messageBody }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteMessage' as const), actor: person, message }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('reactToMessage' as const), actor: person, message, emoji: fc.constantFrom(...emojis) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('readChannel' as const), actor: person, space }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('setSpacePermission' as const),
      actor: person,
      space,
      person,
      permission: fc.constantFrom('admin' as const, 'basic' as const, 'removed' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('joinSpace' as const), actor: person, space }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('setTeamRole' as const), actor: person, person, role }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeFromTeam' as const), actor: person, person }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('addToTeam' as const), actor: person, person, role }) },
);

/** A sequence of commands, from none to `maximumLength`. */
export const sequenceArbitrary = (maximumLength: number): fc.Arbitrary<Command[]> =>
  fc.array(commandArbitrary, { minLength: 1, maxLength: maximumLength, size: 'max' });

/** What a child (tests/support/propertyOnDoor.ts) writes for one sequence. */
export interface SequenceRun {
  /** What each command came to: `{ answered }`, `{ refused: code }`, or `{ failed: error }` (never expected). */
  outcomes: unknown[];
  /** The rows of the teams, tasks and chat tables and of users, by table. */
  live: Record<string, unknown[]>;
  /** The same after a replay of the log. */
  replayed: Record<string, unknown[]>;
  /** The log: stream, version and type of each event, stream by stream. */
  events: { stream: string; version: number; type: string }[];
}
