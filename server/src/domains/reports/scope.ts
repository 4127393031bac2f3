import { and, asc, eq, inArray } from 'drizzle-orm';
import { readableSpaceContent, type Reader } from '../../core/spaceContent';
import { users } from '../accounts';
import { projectMembers, projects, teamMembers } from '../teams';

export interface ReportMember {
  id: string;
  firstname: string;
  lastname: string;
  profileImg: string | null;
}

export interface ReportSpace {
  id: string;
  name: string;
  color: string | null;
}

/** The team's members (guests included: they work in the spaces they are in), or a space's, by name. */
export async function reportMembers(db: Reader, teamId: string, projectId: string | null): Promise<ReportMember[]> {
  const columns = { id: users.id, firstname: users.firstname, lastname: users.lastname, profileImg: users.profileImg };
  const rows =
    projectId === null
      ? await db.select(columns).from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId)).where(eq(teamMembers.teamId, teamId))
      : await db
          .select(columns)
          .from(projectMembers)
          .innerJoin(users, eq(users.id, projectMembers.userId))
          .innerJoin(teamMembers, and(eq(teamMembers.userId, projectMembers.userId), eq(teamMembers.teamId, teamId)))
          .where(eq(projectMembers.projectId, projectId))
          .orderBy(asc(users.firstname));
  return rows.sort(
    (first, second) =>
      first.firstname.localeCompare(second.firstname) || first.lastname.localeCompare(second.lastname) || first.id.localeCompare(second.id),
  );
}

/** A space the viewer may read, by id; null for one they may not read (or that was not asked about). */
export type SpaceLookup = (projectId: string) => ReportSpace | null;

/**
 * Which of these spaces the viewer may read now (the space-content rule), with their names and colours: judged once
 * per report, so a removed member's spaces drop out the moment they are removed. The report gathers the spaces it
 * will show first and asks here once (one query for the names), then looks them up while it builds its lines.
 */
export async function readableSpaces(db: Reader, viewerId: string, projectIds: Iterable<string>): Promise<SpaceLookup> {
  const candidates = [...new Set(projectIds)];
  const judged = await Promise.all(candidates.map((projectId) => readableSpaceContent(db, projectId, viewerId)));
  const readable = candidates.filter((_, index) => judged[index] !== null);
  const found = new Map<string, ReportSpace>();
  if (readable.length > 0) {
    const rows = await db
      .select({ id: projects.id, name: projects.name, color: projects.color })
      .from(projects)
      .where(inArray(projects.id, readable));
    for (const row of rows) found.set(row.id, row);
  }
  return (projectId) => found.get(projectId) ?? null;
}
