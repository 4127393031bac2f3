import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { profilePhoto } from '#shared/constants';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { codedError } from '../../errors';
import { avatarDirectory } from '../../http/media';

const dataUrlPattern = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * Checks a profile photo sent as a data URL (SPEC §5: PNG or JPG, at most 1 MB), decodes it for
 * real (a renamed file is refused), stores it as a 150x150 PNG and returns its public path.
 * Team and space logos follow the same rules; `field` names the argument the errors are about.
 */
export async function storeProfilePhoto(dataUrl: string, ownerId: string, avatarDirectory: string, field = 'profileImg'): Promise<string> {
  const match = dataUrlPattern.exec(dataUrl);
  if (!match) throw codedError('IMAGE_TYPE_INVALID', { field });
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > profilePhoto.maximumBytes)
    throw codedError('IMAGE_TOO_LARGE', { params: { maximum: profilePhoto.maximumBytes / 1024 / 1024 }, field });
  let metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw codedError('IMAGE_UNREADABLE', { field });
  }
  if (metadata.format !== 'png' && metadata.format !== 'jpeg') throw codedError('IMAGE_TYPE_INVALID', { field });
  const png = await sharp(bytes).rotate().resize(profilePhoto.cropWidthPx, profilePhoto.cropHeightPx, { fit: 'cover' }).png().toBuffer();
  const name = `${ownerId}-${createHash('sha256').update(png).digest('hex').slice(0, 16)}.png`;
  mkdirSync(avatarDirectory, { recursive: true });
  writeFileSync(join(avatarDirectory, name), png);
  return `/media/avatars/${name}`;
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
  const dataUrl = z.string().max(1_500_000).parse(given);
  return storeProfilePhoto(dataUrl, ownerId, avatarDirectory(context.services), 'logo');
}
