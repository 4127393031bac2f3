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
import { ensureBoard, loadBoard, type Reader } from './state';
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
function requireSection(
  db: Reader,
  stateId: string,
  userId: string,
  need: 'write' | 'manage',
): { state: typeof projectStates.$inferSelect; access: SpaceContentAccessOf } {
  const state = isId(stateId) ? db.select().from(projectStates).where(eq(projectStates.id, stateId)).get() : undefined;
  const access = state ? readableSpaceContent(db, state.projectId, userId) : null;
  if (!state || !access) throw refusal('NOT_FOUND', 'SECTION_NOT_FOUND');
  if (!(need === 'write' ? spaceContentPolicy.write(access) : taskPolicy.manageSections(access)))
    throw new DomainError('PERMISSION_DENIED');
  return { state, access };
}

function requireTag(db: Reader, tagId: string, userId: string) {
  const tag = isId(tagId) ? db.select().from(tags).where(eq(tags.id, tagId)).get() : undefined;
  const access = tag ? readableSpaceContent(db, tag.projectId, userId) : null;
  if (!tag || !access) throw refusal('NOT_FOUND', 'TAG_NOT_FOUND');
  if (!spaceContentPolicy.write(access)) throw new DomainError('PERMISSION_DENIED');
  return { tag, board: loadBoard(db, tag.projectId)! };
}

export const boardQueries = {
  getStatesProject: async (_root, args: { project: string }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const access = requireReadableSpaceContent(db, args.project, actor.userId);
    await boardOf(context, actor.userId, access.projectId);
    return sectionsOf(db, access.projectId);
  },
  getTags: (_root, args: { project: string }, context) => {
    const actor = requireActor(context);
    const db = context.services.database.db;
    const access = requireReadableSpaceContent(db, args.project, actor.userId);
    return tagsOf(db, access.projectId);
  },
} satisfies QueryResolvers;

export const boardMutations = {
  createState: async (_root, args: { project: string; value: string; icon?: number | null }, context) => {
    const actor = requireActor(context);
    const value = parseArgument('value', sectionName, args.value);
    const icon = parseArgument('icon', sectionIcon, args.icon ?? 0);
    const stateId = await runCommand(context, actor.userId, async (unit) => {
      requireWritableSpaceContent(unit.transaction, args.project, actor.userId);
      const board = await ensureBoard(unit, args.project);
      const id = newId();
      await append(unit, board, decideCreateState(board, { stateId: id, value, icon }));
      return id;
    });
    return presentState(context.services.database.db.select().from(projectStates).where(eq(projectStates.id, stateId)).get()!);
  },
  updateState: async (_root, args: { id: string; value?: string | null; icon?: number | null }, context) => {
    const actor = requireActor(context);
    const requested = {
      value: args.value == null ? undefined : parseArgument('value', sectionName, args.value),
      icon: args.icon == null ? undefined : parseArgument('icon', sectionIcon, args.icon),
    };
    await runCommand(context, actor.userId, async (unit) => {
      const { state } = requireSection(unit.transaction, args.id, actor.userId, 'write');
      const board = loadBoard(unit.transaction, state.projectId)!;
      await append(unit, board, decideUpdateState(board, state.id, requested));
    });
    return presentState(context.services.database.db.select().from(projectStates).where(eq(projectStates.id, args.id)).get()!);
  },
  deleteState: async (_root, args: { id: string; moveTo?: string | null }, context) => {
    const actor = requireActor(context);
    const projectId = await runCommand(context, actor.userId, async (unit) => {
      const db = unit.transaction;
      const { state } = requireSection(db, args.id, actor.userId, 'manage');
      const board = loadBoard(db, state.projectId)!;
      const firstInDeleted =
        db
          .select({ value: min(tasks.positionSection) })
          .from(tasks)
          .where(eq(tasks.stateId, state.id))
          .get()?.value ?? null;
      const lastInTarget = (moveTo: string) =>
        db
          .select({ value: max(tasks.positionSection) })
          .from(tasks)
          .where(eq(tasks.stateId, moveTo))
          .get()?.value ?? null;
      const events = decideDeleteState(board, state.id, args.moveTo ?? undefined, { lastInTarget, firstInDeleted });
      await append(unit, board, events);
      const deleted = events.find((event) => event.type === 'state.deleted');
      if (deleted) await respaceListIfNeeded(unit, board, 'positionSection', deleted.payload.moveTo);
      return state.projectId;
    });
    return sectionsOf(context.services.database.db, projectId);
  },
  updateStates: async (_root, args: { ids: string[]; positions: number[] }, context) => {
    const actor = requireActor(context);
    if (args.ids.length === 0) throw codedError('SECTIONS_REQUIRED', { field: 'ids' });
    const projectId = await runCommand(context, actor.userId, async (unit) => {
      const { state } = requireSection(unit.transaction, args.ids[0]!, actor.userId, 'write');
      const board = loadBoard(unit.transaction, state.projectId)!;
      await append(unit, board, decideReorderStates(board, args.ids, args.positions));
      return state.projectId;
    });
    return sectionsOf(context.services.database.db, projectId);
  },
  setTag: async (_root, args: { project: string; name: string; color?: string | null; isSprint?: boolean | null }, context) => {
    const actor = requireActor(context);
    const name = parseArgument('name', tagName, args.name);
    const color = args.color == null ? undefined : parseArgument('color', tagColor, args.color);
    const tagId = await runCommand(context, actor.userId, async (unit) => {
      requireWritableSpaceContent(unit.transaction, args.project, actor.userId);
      const board = await ensureBoard(unit, args.project);
      const id = newId();
      const chosen = color ?? taskColors[board.tags.length % taskColors.length]!;
      await append(unit, board, decideCreateTag(board, { tagId: id, name, color: chosen, isSprint: args.isSprint === true }));
      return id;
    });
    return presentTag(context.services.database.db.select().from(tags).where(eq(tags.id, tagId)).get()!);
  },
  ediTag: async (_root, args: { id: string; name?: string | null; color?: string | null }, context) => {
    const actor = requireActor(context);
    const requested = {
      name: args.name == null ? undefined : parseArgument('name', tagName, args.name),
      color: args.color == null ? undefined : parseArgument('color', tagColor, args.color),
    };
    await runCommand(context, actor.userId, async (unit) => {
      const { tag, board } = requireTag(unit.transaction, args.id, actor.userId);
      await append(unit, board, decideUpdateTag(board, tag, requested));
    });
    return presentTag(context.services.database.db.select().from(tags).where(eq(tags.id, args.id)).get()!);
  },
  delTag: async (_root, args: { id: string }, context) => {
    const actor = requireActor(context);
    await runCommand(context, actor.userId, async (unit) => {
      const { tag, board } = requireTag(unit.transaction, args.id, actor.userId);
      await append(unit, board, decideDeleteTag(board, tag));
    });
    return true;
  },
} satisfies MutationResolvers;
