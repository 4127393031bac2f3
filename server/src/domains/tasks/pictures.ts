import { z } from 'zod';
import { requireActor, type Services } from '../../graphql/context';
import { searchBundledCovers, type Pic } from './covers';
import { createUnsplashSearch, type PictureSearch } from './unsplash';
import type { QueryResolvers } from '../../graphql/schemaTypes';

const searches = new WeakMap<Services, PictureSearch | null>();

/** One Unsplash client per server (its answer cache lives there), or none without a key. */
function pictureSearch(services: Services): PictureSearch | null {
  if (!searches.has(services)) {
    const accessKey = services.config.unsplashAccessKey;
    searches.set(services, accessKey ? createUnsplashSearch({ accessKey }) : null);
  }
  return searches.get(services)!;
}

const suggestSchema = z.object({
  name: z.string().transform((name) => name.trim().slice(0, 200)),
  value: z.number().int().min(1).max(30).nullish(),
});

export const pictureQueries = {
  /**
   * Cover suggestions for `name` (usually the task's name); `value` is how many (12 by default).
   * Unsplash photos when a key is configured, the bundled covers otherwise, and also whenever
   * Unsplash fails, is slow or finds nothing: the picker always has something to show.
   */
  suggestPics: async (_root, args: Record<string, unknown>, context): Promise<Pic[]> => {
    requireActor(context);
    const input = suggestSchema.parse(args);
    const count = input.value ?? 12;
    const search = pictureSearch(context.services);
    if (search && input.name !== '') {
      try {
        const pics = await search.search(input.name, count);
        if (pics.length > 0) return pics;
      } catch (error) {
        context.fastifyRequest?.log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'cover search fell back to the bundled covers',
        );
      }
    }
    return searchBundledCovers(input.name, count);
  },
} satisfies QueryResolvers;
