import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import type { UnitOfWork } from '../../core/commands';
import type { DomainEvent } from '../../core/events';
import { avatarDirectory } from '../../http/media';
import { storeProfilePhoto } from '../accounts/photo';
import type { SpaceEvents } from './commands';
import { spaceStream, teamStream, userStream } from '../../core/streams';

export const teamNameSchema = z.string().trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.');
export const descriptionSchema = z.string().trim().max(2000, 'Use at most 2000 characters.');
export const colorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #4f46e5.');

export function appendToTeam(unit: UnitOfWork, teamId: string, events: readonly DomainEvent[]): void {
  if (events.length > 0) unit.append(teamStream(teamId), events, { teamId });
}

export function appendToUser(unit: UnitOfWork, userId: string, teamId: string | null, events: readonly DomainEvent[]): void {
  if (events.length > 0) unit.append(userStream(userId), events, { teamId });
}

export function appendToSpaces(unit: UnitOfWork, teamId: string, spaces: SpaceEvents): void {
  for (const [projectId, events] of spaces) {
    if (events.length === 0) continue;
    unit.append(spaceStream(projectId), events, { teamId });
  }
}

/**
 * A logo argument: undefined keeps the logo, null or "" removes it, the current path keeps it, and a
 * PNG or JPG data URL is stored as a 150x150 image like profile photos.
 */
export async function resolveLogo(
  context: MercuriusContext,
  given: unknown,
  current: string | null,
  ownerId: string,
): Promise<string | null | undefined> {
  if (given === undefined) return undefined;
  if (given === null || given === '') return null;
  if (given === current) return current;
  const dataUrl = z.string().max(1_500_000, 'The logo must be at most 1 MB.').parse(given);
  return storeProfilePhoto(dataUrl, ownerId, avatarDirectory(context.services), 'The logo');
}

/** Clients send arguments they do not use as null; treat them as absent. */
export function withoutNulls<Args extends Record<string, unknown>>(args: Args): Partial<Args> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null)) as Partial<Args>;
}
