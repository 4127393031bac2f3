import { sql } from 'drizzle-orm';
import { appRow } from '../support/appRows';
import type { PlanName } from '../../shared/src/plans';
import { decideAdministratorPlan } from '../../server/src/domains/billing/commands';
import { GraphqlTestClient, type GraphqlResponse, type MailSource, type TestServer } from './harness';

/** A signed-in person: their browser-like client and their ids. */
export interface Person {
  client: GraphqlTestClient;
  id: string;
  email: string;
  teamId: string;
  token: string;
}

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;

/** Signs up and verifies a new account: admin of their own new team. */
export async function person(server: Pick<TestServer, 'graphqlUrl'> & MailSource, firstname = 'Ada'): Promise<Person> {
  const client = new GraphqlTestClient(server);
  const email = uniqueEmail(firstname.toLowerCase());
  const account = await client.signUp({ firstname, email });
  return { client, id: account.user.id, email, teamId: account.team.id, token: account.token };
}

/** Fails the test with the server's errors when a call that should work does not. */
export function expectData<Data>(result: GraphqlResponse<Data>): Data {
  if (!result.data || result.errors) throw new Error(`unexpected errors: ${JSON.stringify(result.errors)}`);
  return result.data;
}

/** Adds an existing account to `admin`'s team with a role, and makes that team their current one. */
export async function joinTeam(
  admin: Person,
  newcomer: Person,
  type: 'admin' | 'basic' | 'guest' = 'basic',
  project?: string,
): Promise<Person> {
  expectData(
    await admin.client.execute(
      'mutation ($email: String!, $id: ID!, $type: String, $project: ID) { addUserTeam(email: $email, id: $id, type: $type, project: $project) { id } }',
      {
        email: newcomer.email,
        id: admin.teamId,
        type,
        project: project ?? null,
      },
    ),
  );
  expectData(await newcomer.client.execute('mutation ($team: ID!) { switchTeam(team: $team) { id } }', { team: admin.teamId }));
  return { ...newcomer, teamId: admin.teamId };
}

/** Creates a space in the caller's current team and returns its id. */
export async function createSpace(owner: Person, name: string, type: 'public' | 'private' = 'public'): Promise<string> {
  const data = expectData(
    await owner.client.execute<{ setProject: { id: string } }>(
      'mutation ($name: String!, $type: String) { setProject(name: $name, type: $type) { id } }',
      { name, type },
    ),
  );
  return data.setProject.id;
}

/** How many events the log holds: a refused command must not change it. */
export const countEvents = async (server: TestServer) =>
  (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM events`))!.count;

/** The newest event's position in the log (0 when empty). */
export const newestEventSeq = async (server: TestServer) =>
  (await appRow<{ seq: number | null }>(server.app, sql`SELECT CAST(MAX(seq) AS INTEGER) AS seq FROM events`))!.seq ?? 0;

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Puts a team on a plan as an instance administrator does (billing's setTeamPlan command, recorded as
 * team.plan_changed): for tests whose teams need more than the free plan allows (SPEC §9 plan limits). Ten
 * seats, the free plan's member limit, so members count as they do on free.
 */
export async function setPlan(server: TestServer, teamId: string, plan: PlanName = 'business'): Promise<void> {
  const { services } = server.app;
  await services.store.run(
    { actorId: null },
    async (unit) => await decideAdministratorPlan(unit, services, { teamId, plan, period: 'monthly', seats: 10, currency: 'usd' }),
  );
}
