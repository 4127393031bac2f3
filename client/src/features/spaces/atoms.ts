/** Spaces (projects) known to the client: one Map keyed by id (STYLE), plus the sidebar's ordered list. */
import { gql } from '../../lib/graphql';
import { atom } from '../../lib/store';

export interface SpaceSummary {
  id: string;
  name: string;
  color: string | null;
  logo: string | null;
  isPersonal?: boolean | null;
}

export const spacesAtom = atom<ReadonlyMap<string, SpaceSummary>>(new Map());

/** Ids in the order getProjects returned them; null until loaded. */
export const spaceIdsAtom = atom<readonly string[] | null>(null);

export const spaceListAtom = atom((get) => {
  const spaces = get(spacesAtom);
  return (get(spaceIdsAtom) ?? []).flatMap((id) => {
    const space = spaces.get(id);
    return space ? [space] : [];
  });
});

export const storeSpacesAtom = atom(null, (get, set, spaces: readonly SpaceSummary[], options: { replaceList: boolean }) => {
  const next = new Map(get(spacesAtom));
  for (const space of spaces) next.set(space.id, space);
  set(spacesAtom, next);
  if (options.replaceList) set(spaceIdsAtom, spaces.map((space) => space.id));
});

export const getProjectBasicDocument = gql<{ getProjectBasic: SpaceSummary | null }, { id: string }>(
  'query GetProjectBasic($id: ID!) { getProjectBasic(id: $id) { id name color logo } }',
);

export const getProjectsDocument = gql<{ getProjects: SpaceSummary[] | null }>('query GetProjects { getProjects { id name color logo isPersonal } }');
