/**
 * Routes of the docs area, on SPEC §2's dashboard pattern: /:project/docs is the top level,
 * /:project/docs/:folder a folder, and a doc is the detail item (/d/:id2) of where it sits.
 */
export function docsListPath(project: string, folder: string | null): string {
  return folder ? `/${project}/docs/${folder}` : `/${project}/docs`;
}

export function docPagePath(project: string, doc: { id: string; folder: string | null }): string {
  return `${docsListPath(project, doc.folder)}/d/${doc.id}`;
}
