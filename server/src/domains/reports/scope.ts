import { and, asc, eq } from 'drizzle-orm';
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
      ? await db
          .select(columns)
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(eq(teamMembers.teamId, teamId))
          .all()
      : await db
          .select(columns)
          .from(projectMembers)
          .innerJoin(users, eq(users.id, projectMembers.userId))
          .innerJoin(teamMembers, and(eq(teamMembers.userId, projectMembers.userId), eq(teamMembers.teamId, teamId)))
          .where(eq(projectMembers.projectId, projectId))
          .orderBy(asc(users.firstname))
          .all();
  return rows.sort(
    (first, second) =>
      first.firstname.localeCompare(second.firstname) || first.lastname.localeCompare(second.lastname) || first.id.localeCompare(second.id),
  );
}

/**
 * Whether the viewer may read a space now (the space-content rule), with its name and colour; asked once per space
 * per report, so a removed member's spaces drop out the moment they are removed.
 */
export function spaceReader(db: Reader, viewerId: string): (projectId: string) => ReportSpace | null {
  const known = new Map<string, ReportSpace | null>();
  return async (projectId) => {
    if (!known.has(projectId)) {
      const readable = readableSpaceContent(db, projectId, viewerId) !== null;
      const row = readable
        ? await db
            .select({ id: projects.id, name: projects.name, color: projects.color })
            .from(projects)
            .where(eq(projects.id, projectId))
            .get()
        : undefined;
      known.set(projectId, row ?? null);
    }
    return known.get(projectId)!;
  };
}
