import { z } from 'zod';
import { issue } from '../../errors';
import { optionalText } from '../../inputSchemas';
import type { UnitOfWork } from '../../core/commands';
import type { DomainEvent } from '../../core/events';
import type { SpaceEvents } from './commands';
import { spaceStream, teamStream, userStream } from '../../core/streams';

export { teamNameSchema } from '../accounts';
export const descriptionSchema = optionalText(2000);
export const colorSchema = z
  .string()
  .trim()
  .refine((color) => /^#[0-9a-fA-F]{6}$/.test(color), issue('COLOR_INVALID', { example: '#4f46e5' }));

export async function appendToTeam(unit: UnitOfWork, teamId: string, events: readonly DomainEvent[]): Promise<void> {
  if (events.length > 0) await unit.append(teamStream(teamId), events, { teamId });
}

export async function appendToUser(unit: UnitOfWork, userId: string, teamId: string | null, events: readonly DomainEvent[]): Promise<void> {
  if (events.length > 0) await unit.append(userStream(userId), events, { teamId });
}

export async function appendToSpaces(unit: UnitOfWork, teamId: string, spaces: SpaceEvents): Promise<void> {
  for (const [projectId, events] of spaces) {
    if (events.length === 0) continue;
    await unit.append(spaceStream(projectId), events, { teamId });
  }
}
