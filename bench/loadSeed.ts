// The load test's seeded team: an admin, `userCount` simulated users who signed up through the product's own
// operations (setUserBasic, the verification link from the outbox, verifyAccount), joined the admin's team
// (addUserTeam, switchTeam) and their spaces (joinProject), and ten spaces with a modest board each (setTask).
// Sign-up hashes every password with argon2id, so the team is made once into a data folder kept between runs
// (under the system's temporary folder, keyed by a version string) and each run works on a copy of it. The
// users' sessions are kept beside it: a run starts each user's session again with refreshToken, as the app does.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, inBatches, signUp, startBenchServer, withBusinessPlan, type BenchAccount } from './support';
import { seededRandom } from './loadStatistics';

/** Bumped whenever what the seed holds changes, so an older seed is never reused for a different team. */
export const seedVersion = 'load-v1';
export const spaceCount = 10;
export const tasksPerBoard = 150;

export interface SeededSpace {
  id: string;
  name: string;
  taskIds: string[];
  stateIds: string[];
}

export interface SeededUser {
  id: string;
  cookies: Record<string, string>;
  /** Indexes into the seed's spaces: every user is in the big ones and a few small ones. */
  spaces: number[];
}

export interface Seed {
  version: string;
  teamId: string;
  admin: { id: string; cookies: Record<string, string> };
  spaces: SeededSpace[];
  users: SeededUser[];
}

const spaceNames = ['General', 'Random', 'Engineering', 'Design', 'Sales', 'Support', 'Marketing', 'Operations', 'Research', 'Hiring'];

/** Spaces 0 and 1 hold everyone, space 2 two users in three, and each user joins two of the seven small ones. */
export function membershipOf(userIndex: number): number[] {
  const random = seededRandom(1000 + userIndex);
  const spaces = [0, 1];
  if (random() < 2 / 3) spaces.push(2);
  const small = [3, 4, 5, 6, 7, 8, 9];
  for (let pick = 0; pick < 2; pick += 1) spaces.push(small.splice(Math.floor(random() * small.length), 1)[0]!);
  return spaces;
}

export const seedDirectory = () => join(tmpdir(), `workspace-load-seed-${seedVersion}`);

/** The kept seed if it holds at least `userCount` users, else null. */
export function readSeed(userCount: number): Seed | null {
  const file = join(seedDirectory(), 'seed.json');
  if (!existsSync(file) || !existsSync(join(seedDirectory(), 'data', 'workspace.sqlite'))) return null;
  const seed = JSON.parse(readFileSync(file, 'utf8')) as Seed;
  return seed.version === seedVersion && seed.users.length >= userCount ? seed : null;
}

const cookiesOf = (account: BenchAccount) => Object.fromEntries(account.client.cookies);

/**
 * Calls as the admin, starting the session again when its access token expired, as the app does (seeding outlasts
 * a token). Concurrent calls share one refresh: each refresh rotates the refresh token, so two at once would clash.
 */
function adminCaller(admin: BenchAccount) {
  let refreshing: Promise<unknown> | undefined;
  return async <Data>(query: string, variables: Record<string, unknown> = {}): Promise<Data> => {
    try {
      return await call<Data>(admin.client, query, variables);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('TOKEN_EXPIRED')) throw error;
      refreshing ??= call(admin.client, 'mutation { refreshToken { token } }').finally(() => (refreshing = undefined));
      await refreshing;
      return call<Data>(admin.client, query, variables);
    }
  };
}

/** Signs `userCount` users up through the product, builds the team, and keeps its data folder and sessions. */
export async function createSeed(userCount: number, log: (line: string) => void): Promise<Seed> {
  // The seed is a SQLite data folder kept between runs; a run on PostgreSQL moves a copy of it there (startBenchServerOn).
  const { dataDirectory, server, database, target } = await startBenchServer(
    'load-seed',
    'FULL',
    { RATE_LIMITS: 'false' },
    { onSqlite: true },
  );
  // A seeding that fails half-way still stops its server.
  process.once('exit', () => server.child.kill('SIGTERM'));
  const started = performance.now();
  const admin = await signUp(target, 'Admin');
  // Ten spaces of a few hundred tasks: more than the free plan allows.
  await withBusinessPlan(admin);
  const callAsAdmin = adminCaller(admin);
  const spaces: SeededSpace[] = [];
  for (const name of spaceNames) {
    const id = (
      await call<{ setProject: { id: string } }>(
        admin.client,
        'mutation ($name: String!) { setProject(name: $name, type: "public") { id } }',
        {
          name,
        },
      )
    ).setProject.id;
    const states = await call<{ getStatesProject: { id: string }[] }>(
      admin.client,
      'query ($project: ID!) { getStatesProject(project: $project) { id } }',
      { project: id },
    );
    const stateIds = states.getStatesProject.map((state) => state.id);
    const taskIds = await inBatches(
      Array.from({ length: tasksPerBoard }, (_, index) => index),
      8,
      async (index) =>
        (
          await call<{ setTask: { id: string } }>(
            admin.client,
            'mutation ($project: ID!, $name: String!, $state: ID) { setTask(project: $project, name: $name, state: $state) { id } }',
            { project: id, name: `${name} task ${index + 1}`, state: stateIds[index % stateIds.length] },
          )
        ).setTask.id,
    );
    spaces.push({ id, name, taskIds, stateIds });
  }
  log(`  seed: 10 spaces with ${tasksPerBoard} tasks each in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  let done = 0;
  const users = await inBatches(
    Array.from({ length: userCount }, (_, index) => index),
    8,
    async (index): Promise<SeededUser> => {
      const member = await signUp(target, `Load${index}`);
      await callAsAdmin('mutation ($email: String!, $id: ID!) { addUserTeam(email: $email, id: $id) { id } }', {
        email: member.email,
        id: admin.teamId,
      });
      await call(member.client, 'mutation ($team: ID!) { switchTeam(team: $team) { id } }', { team: admin.teamId });
      const memberships = membershipOf(index);
      for (const space of memberships)
        await call(member.client, 'mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: spaces[space]!.id });
      done += 1;
      if (done % 250 === 0) log(`  seed: ${done} of ${userCount} users signed up, ${((performance.now() - started) / 1000).toFixed(0)} s`);
      return { id: member.id, cookies: cookiesOf(member), spaces: memberships };
    },
  );
  const seed: Seed = { version: seedVersion, teamId: admin.teamId, admin: { id: admin.id, cookies: cookiesOf(admin) }, spaces, users };

  server.child.kill('SIGTERM');
  await server.exited;
  await database.close();
  const directory = seedDirectory();
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  cpSync(dataDirectory, join(directory, 'data'), { recursive: true });
  writeFileSync(join(directory, 'seed.json'), JSON.stringify(seed));
  rmSync(dataDirectory, { recursive: true, force: true });
  log(`  seed: ${userCount} users signed up in ${((performance.now() - started) / 1000).toFixed(0)} s, kept in ${directory}`);
  return seed;
}

/** A fresh copy of the seed's data folder for one run (the run's writes never reach the seed). */
export function copySeedData(destination: string) {
  cpSync(join(seedDirectory(), 'data'), destination, { recursive: true });
}
