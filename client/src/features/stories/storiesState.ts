/** The stories list of the open space: its stories newest first, read page after page and kept live by subFile. */
import { request } from '../../lib/graphql';
import { atom, type AppStore } from '../../lib/store';
import { getStoriesDocument, type StoryChange, type StoryFile } from './operations';

export interface StoriesArea {
  project: string | null;
  stories: ReadonlyMap<string, StoryFile>;
  status: 'idle' | 'loading' | 'ready' | 'error';
}

export const storiesAtom = atom<StoriesArea>({ project: null, stories: new Map(), status: 'idle' });

export const newestFirst = (stories: Iterable<StoryFile>): StoryFile[] =>
  [...stories].sort((left, right) => Date.parse(right.createdAt) - Date.parse(left.createdAt) || right.id.localeCompare(left.id));

export const storyListAtom = atom((get) => newestFirst(get(storiesAtom).stories.values()));

const pageSize = 100;

export async function loadStories(store: AppStore, project: string): Promise<void> {
  if (store.get(storiesAtom).project !== project) store.set(storiesAtom, { project, stories: new Map(), status: 'loading' });
  const stories = new Map<string, StoryFile>();
  try {
    for (let offset = 0; ; offset += pageSize) {
      const { getFiles } = await request(getStoriesDocument, { project, offset, limit: pageSize }, { handledByCaller: true });
      if (store.get(storiesAtom).project !== project) return;
      for (const story of getFiles) stories.set(story.id, story);
      store.set(storiesAtom, { project, stories: new Map(stories), status: 'ready' });
      if (getFiles.length < pageSize) return;
    }
  } catch {
    if (store.get(storiesAtom).project === project)
      store.set(storiesAtom, (area) => ({ ...area, status: area.status === 'ready' ? 'ready' : 'error' }));
  }
}

const belongs = (project: string | null, file: StoryFile) => file.story && file.project === project && !file.task && !file.privat;

/** A change of the space's files: a story added or changed is kept, anything else with that id leaves the list. */
export function applyStoryChange(area: StoriesArea, change: StoryChange): StoriesArea {
  const stories = new Map(area.stories);
  if (change.file && belongs(area.project, change.file)) stories.set(change.fileId, change.file);
  else if (!stories.delete(change.fileId)) return area;
  return { ...area, stories };
}

export function addStory(store: AppStore, story: StoryFile): void {
  store.set(storiesAtom, (area) => applyStoryChange(area, { type: 'file.created', seq: 0, fileId: story.id, file: story }));
}
