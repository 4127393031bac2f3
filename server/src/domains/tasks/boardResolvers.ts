import { eq, max, min } from 'drizzle-orm';

import { maximumSectionIcon, sectionNameLength, tagNameLength } from '#shared/taskRules';
import { taskColors } from '#shared/tasks';
import { z } from 'zod';
import { codedError, DomainError, issue, refusal } from '../../errors';
import { boundedText, parseArgument } from '../../inputSchemas';
import type { UnitOfWork } from '../../core/commands';
import type { DomainEvent } from '../../core/events';
import { requireActor } from '../../graphql/context';
import { isId, newId } from '../../core/ids';
import { spaceContentPolicy } from '../../core/spaceContent';
import {
  readableSpaceContent,
  requireReadableSpaceContent,
  requireWritableSpaceContent,
  type SpaceContentAccessOf,
} from '../../core/spaceContent';
import { runCommand } from '../../core/runCommand';
import { boardStream } from './board';
import {
  decideCreateState,
  decideCreateTag,
  decideDeleteState,
  decideDeleteTag,
  decideReorderStates,
  decideUpdateState,
  decideUpdateTag,
} from './boardCommands';
import type { BoardState } from './commands';
import { taskPolicy } from './policies';
import { presentState, presentTag, sectionsOf, tagsOf } from './present';
import { ensureBoard, lockedBoard, type Reader } from './state';
import { projectStates, tags, tasks } from './tables';
import { boardOf } from './taskQueries';
import { respaceListIfNeeded } from './taskWrites';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';

// Both names need at least one character, which boundedText checks.
const sectionName = boundedText(sectionNameLength.maximum, 'SECTION_NAME_REQUIRED', 'SECTION_NAME_TOO_LONG');
const sectionIcon = z
  .number()
  .refine((icon) => Number.isInteger(icon) && icon >= 0 && icon <= maximumSectionIcon, issue('SECTION_ICON_INVALID'));
const tagName = boundedText(tagNameLength.maximum, 'TAG_NAME_REQUIRED', 'TAG_NAME_TOO_LONG');
const tagColor = z
  .string()
  .trim()
  .refine((color) => /^#[0-9a-fA-F]{6}$/.test(color), issue('COLOR_INVALID', { example: '#3B82F6' }))
  .transform((color) => color.toUpperCase());

async function append(unit: UnitOfWork, board: BoardState, events: readonly DomainEvent[]): Promise<void> {
  if (events.length > 0) await unit.append(boardStream(board.projectId), events, { teamId: board.teamId });
}

/** A section, if the caller may see its space; the same answer for one that does not exist. */
async function requireSection(
  db: Reader,
  stateId: string,
  userId: string,
  need: 'write' | 'manage',
): Promise<{ state: typeof projectStates.$inferSelect; access: SpaceContentAccessOf }> {
  const state = isId(stateId) ? (await db.select().from(projectStates).where(eq(projectStates.id, stateId)))[0] : undefined;
  const access = state ? await readableSpaceContent(db, state.projectId, userId) : null;
  if (!state || !access) throw refusal('NOT_FOUND', 'SECTION_NOT_FOUND');
  if (!(need === 'write' ? spaceContentPolicy.write(access) : taskPolicy.manageSections(access)))
    throw new DomainError('PERMISSION_DENIED');
  return { state, access };
}

/** A section's board, its stream locked before it is read: what the command decides from the sections holds. */
async function boardOfSection(unit: UnitOfWork, stateId: string, userId: string, need: 'write' | 'manage'): Promise<BoardState> {
  const { state } = await requireSection(unit.transaction, stateId, userId, need);
  const board = await lockedBoard(unit, state.projectId);
  if (!board?.states.some((section) => section.id === stateId)) throw refusal('NOT_FOUND', 'SECTION_NOT_FOUND');
  return board;
}

/** A tag the caller may change, read again once its board's stream is locked, with that board. */
async function requireTag(unit: UnitOfWork, tagId: string, userId: string) {
  const db = unit.transaction;
  const found = isId(tagId) ? (await db.select().from(tags).where(eq(tags.id, tagId)))[0] : undefined;
  const access = found ? await readableSpaceContent(db, found.projectId, userId) : null;
  if (!found || !access) throw refusal('NOT_FOUND', 'TAG_NOT_FOUND');
  if (!spaceContentPolicy.write(access)) throw new DomainError('PERMISSION_DENIED');
  const board = await lockedBoard(unit, found.projectId);
  const [tag] = await db.select().from(tags).where(eq(tags.id, tagId));
  if (!board || !tag) throw refusal('NOT_FOUND', 'TAG_NOT_FOUND');
  return { tag, board };
}

/*
 * The board commands as unit functions: the resolvers run them through runCommand, and a test can run them on either
 * command door (tests/support/tasksOnDoor.ts). Each locks the board's stream before reading the board.
 */

export async function createStateIn(unit: UnitOfWork, actorId: string, projectId: string, section: { value: string; icon: number }) {
  await requireWritableSpaceContent(unit.transaction, projectId, actorId);
  const board = await ensureBoard(unit, projectId);
  const id = newId();
  await append(unit, board, decideCreateState(board, { stateId: id, ...section }));
  return id;
}

export async function updateStateIn(unit: UnitOfWork, actorId: string, stateId: string, requested: { value?: string; icon?: number }) {
  const board = await boardOfSection(unit, stateId, actorId, 'write');
  await append(unit, board, decideUpdateState(board, stateId, requested));
}

export async function deleteStateIn(unit: UnitOfWork, actorId: string, stateId: string, moveTo: string | undefined): Promise<string> {
  const db = unit.transaction;
  const board = await boardOfSection(unit, stateId, actorId, 'manage');
  const [first] = await db
    .select({ value: min(tasks.positionSection) })
    .from(tasks)
    .where(eq(tasks.stateId, stateId));
  // The end of the section the tasks go to, read before deciding (decideDeleteState checks that it is this board's).
  const target = moveTo ?? board.states.find((section) => section.id !== stateId)?.id;
  const [last] =
    target === undefined
      ? []
      : await db
          .select({ value: max(tasks.positionSection) })
          .from(tasks)
          .where(eq(tasks.stateId, target));
  const events = decideDeleteState(board, stateId, moveTo, {
    lastInTarget: () => last?.value ?? null,
    firstInDeleted: first?.value ?? null,
  });
  await append(unit, board, events);
  const deleted = events.find((event) => event.type === 'state.deleted');
  if (deleted) await respaceListIfNeeded(unit, board, 'positionSection', deleted.payload.moveTo);
  return board.projectId;
}

export async function reorderStatesIn(unit: UnitOfWork, actorId: string, ids: readonly string[], positions: readonly number[]) {
  const board = await boardOfSection(unit, ids[0]!, actorId, 'write');
  await append(unit, board, decideReorderStates(board, ids, positions));
  return board.projectId;
}

export async function createTagIn(
  unit: UnitOfWork,
  actorId: string,
  projectId: string,
  requested: { name: string; color: string | undefined; isSprint: boolean },
) {
  await requireWritableSpaceContent(unit.transaction, projectId, actorId);
  const board = await ensureBoard(unit, projectId);
  const id = newId();
  const color = requested.color ?? taskColors[board.tags.length % taskColors.length]!;
  await append(unit, board, decideCreateTag(board, { tagId: id, name: requested.name, color, isSprint: requested.isSprint }));
  return id;
}

export async function updateTagIn(unit: UnitOfWork, actorId: string, tagId: string, requested: { name?: string; color?: string }) {
  const { tag, board } = await requireTag(unit, tagId, actorId);
  await append(unit, board, decideUpdateTag(board, tag, requested));
}

export async function deleteTagIn(unit: UnitOfWork, actorId: string, tagId: string) {
  const { tag, board } = await requireTag(unit, tagId, actorId);
  await append(unit, board, decideDeleteTag(board, tag));
}

async function sectionById(db: Reader, stateId: string) {
  return presentState((await db.select().from(projectStates).where(eq(projectStates.id, stateId)))[0]!);
}

async function tagById(db: Reader, tagId: string) {
  return presentTag((await db.select().from(tags).where(eq(tags.id, tagId)))[0]!);
}

export const boardQueries = {
  getStatesProject: async (_root, args: { project: string }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const access = await requireReadableSpaceContent(db, args.project, actor.userId);
    await boardOf(context, actor.userId, access.projectId);
    return await sectionsOf(db, access.projectId);
  },
  getTags: async (_root, args: { project: string }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const access = await requireReadableSpaceContent(db, args.project, actor.userId);
    return await tagsOf(db, access.projectId);
  },
} satisfies QueryResolvers;

export const boardMutations = {
  createState: async (_root, args: { project: string; value: string; icon?: number | null }, context) => {
    const actor = requireActor(context);
    const value = parseArgument('value', sectionName, args.value);
    const icon = parseArgument('icon', sectionIcon, args.icon ?? 0);
    const stateId = await runCommand(context, actor.userId, (unit) => createStateIn(unit, actor.userId, args.project, { value, icon }));
    return await sectionById(context.services.database.db, stateId);
  },
  updateState: async (_root, args: { id: string; value?: string | null; icon?: number | null }, context) => {
    const actor = requireActor(context);
    const requested = {
      value: args.value == null ? undefined : parseArgument('value', sectionName, args.value),
      icon: args.icon == null ? undefined : parseArgument('icon', sectionIcon, args.icon),
    };
    await runCommand(context, actor.userId, (unit) => updateStateIn(unit, actor.userId, args.id, requested));
    return await sectionById(context.services.database.db, args.id);
  },
  deleteState: async (_root, args: { id: string; moveTo?: string | null }, context) => {
    const actor = requireActor(context);
    const projectId = await runCommand(context, actor.userId, (unit) =>
      deleteStateIn(unit, actor.userId, args.id, args.moveTo ?? undefined),
    );
    return await sectionsOf(context.services.database.db, projectId);
  },
  updateStates: async (_root, args: { ids: string[]; positions: number[] }, context) => {
    const actor = requireActor(context);
    if (args.ids.length === 0) throw codedError('SECTIONS_REQUIRED', { field: 'ids' });
    const projectId = await runCommand(context, actor.userId, (unit) => reorderStatesIn(unit, actor.userId, args.ids, args.positions));
    return await sectionsOf(context.services.database.db, projectId);
  },
  setTag: async (_root, args: { project: string; name: string; color?: string | null; isSprint?: boolean | null }, context) => {
    const actor = requireActor(context);
    const name = parseArgument('name', tagName, args.name);
    const color = args.color == null ? undefined : parseArgument('color', tagColor, args.color);
    const tagId = await runCommand(context, actor.userId, (unit) =>
      createTagIn(unit, actor.userId, args.project, { name, color, isSprint: args.isSprint === true }),
    );
    return await tagById(context.services.database.db, tagId);
  },
  ediTag: async (_root, args: { id: string; name?: string | null; color?: string | null }, context) => {
    const actor = requireActor(context);
    const requested = {
      name: args.name == null ? undefined : parseArgument('name', tagName, args.name),
      color: args.color == null ? undefined : parseArgument('color', tagColor, args.color),
    };
    await runCommand(context, actor.userId, (unit) => updateTagIn(unit, actor.userId, args.id, requested));
    return await tagById(context.services.database.db, args.id);
  },
  delTag: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, (unit) => deleteTagIn(unit, actor.userId, args.id));
    return true;
  },
} satisfies MutationResolvers;
