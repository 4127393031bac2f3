import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors';
import { domains } from '../../server/src/domains';
import { baseAccess, type OperationAccess } from '../../server/src/domains/module';
import { appRow } from '../support/appRows';
import { matrix, type Attempt, type World } from './authorizationMatrix';
import { GraphqlTestClient, nextResults, startTestServer, subscriptionClient, type TestServer } from './harness';
import { uploadFile } from './fileFactories';
import { createSpace, expectData, joinTeam, person, wait, type Person } from './teamFactories';

interface IntrospectedType {
  kind: string;
  name: string | null;
  ofType: IntrospectedType | null;
}
interface IntrospectedField {
  name: string;
  args: { name: string; type: IntrospectedType }[];
}
type RootKind = 'query' | 'mutation' | 'subscription';

let server: TestServer;
let world: World;
let rootFields: { kind: RootKind; field: IntrospectedField }[] = [];
const declared: Record<string, OperationAccess> = Object.assign({}, baseAccess, ...domains.map((module) => module.access));

const typeReference = `kind name ofType { kind name ofType { kind name ofType { kind name } } }`;

beforeAll(async () => {
  server = await startTestServer();
  const result = await new GraphqlTestClient(server).execute<Record<string, { fields: IntrospectedField[] } | null>>(`{
    __schema {
      queryType { fields { name args { name type { ${typeReference} } } } }
      mutationType { fields { name args { name type { ${typeReference} } } } }
      subscriptionType { fields { name args { name type { ${typeReference} } } } }
    }
  }`);
  const schema = (result.data as unknown as { __schema: Record<string, { fields: IntrospectedField[] } | null> }).__schema;
  rootFields = (['query', 'mutation', 'subscription'] as const).flatMap((kind) =>
    (schema[`${kind}Type`]?.fields ?? []).map((field) => ({ kind, field })),
  );
  world = await buildWorld();
});

async function buildWorld(): Promise<World> {
  const adminA = await person(server, 'Ann');
  const basicA = await joinTeam(adminA, await person(server, 'Bas'));
  const guestSpaceA = await createSpace(adminA, 'Matrix guest space', 'private');
  const guestA = await joinTeam(adminA, await person(server, 'Gil'), 'guest', guestSpaceA);
  const publicSpaceA = await createSpace(adminA, 'Matrix public space');
  const privateSpaceA = await createSpace(adminA, 'Matrix private space', 'private');
  expectData(await basicA.client.execute('mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: publicSpaceA }));
  const setting = expectData(
    await adminA.client.execute<{ setSetting: { id: string } }>('mutation { setSetting(name: "matrix", active: true) { id } }'),
  );
  const token = expectData(
    await adminA.client.execute<{ createApiToken: { apiToken: { id: string } } }>(
      'mutation { createApiToken(name: "matrix") { apiToken { id } } }',
    ),
  );
  expectData(
    await adminA.client.execute('mutation ($id: ID!) { addUserTeam(email: "matrix-pending@example.com", id: $id) { id } }', {
      id: adminA.teamId,
    }),
  );
  const userB = await person(server, 'Bo');
  const spaceB = await createSpace(userB, 'Other team space');
  const [boardA, boardB] = [await board(adminA, publicSpaceA, 'Matrix'), await board(userB, spaceB, 'Other')];
  const message = expectData(
    await adminA.client.execute<{ setMessage: { id: string } }>(
      'mutation ($project: ID) { setMessage(project: $project, body: "Matrix message") { id } }',
      { project: publicSpaceA },
    ),
  ).setMessage;
  const privat = expectData(
    await adminA.client.execute<{ setPrivat: { id: string } }>(
      'mutation ($users: [ID!]!) { setPrivat(users: $users, name: "Matrix chat") { id } }',
      { users: [basicA.id] },
    ),
  ).setPrivat;
  return {
    adminA,
    basicA,
    guestA,
    userB,
    teamA: adminA.teamId,
    publicSpaceA,
    privateSpaceA,
    guestSpaceA,
    settingA: setting.setSetting.id,
    tokenA: token.createApiToken.apiToken.id,
    spaceB,
    taskA: boardA.task,
    stateA: boardA.state,
    tagA: boardA.tag,
    taskB: boardB.task,
    stateB: boardB.state,
    tagB: boardB.tag,
    messageA: message.id,
    privatA: privat.id,
    ...(await fileWorld(adminA, publicSpaceA, userB, spaceB)),
    ...(await docWorld(adminA, publicSpaceA, userB, spaceB)),
  };
}

/** A file and a folder of team A's public space, and a folder of team B's space. */
async function fileWorld(adminA: Person, publicSpaceA: string, userB: Person, spaceB: string) {
  const folder = async (owner: Person, project: string) =>
    expectData(
      await owner.client.execute<{ setFolder: { id: string } }>(
        'mutation ($project: ID!) { setFolder(project: $project, name: "Matrix folder") { id } }',
        { project },
      ),
    ).setFolder.id;
  const file = await uploadFile(adminA, 'Matrix file.txt', 'text/plain', Buffer.from('matrix'), { project: publicSpaceA });
  return { fileA: file.id, folderA: await folder(adminA, publicSpaceA), folderB: await folder(userB, spaceB) };
}

/** A doc of team A's public space (the admin's) and one of team B's space. */
async function docWorld(adminA: Person, publicSpaceA: string, userB: Person, spaceB: string) {
  const doc = async (owner: Person, project: string, title: string) =>
    expectData(
      await owner.client.execute<{ setWorkspace: { id: string } }>(
        'mutation ($project: ID!, $title: String!) { setWorkspace(project: $project, title: $title) { id } }',
        { project, title },
      ),
    ).setWorkspace.id;
  return { docA: await doc(adminA, publicSpaceA, 'Matrix doc'), docB: await doc(userB, spaceB, 'Other doc') };
}

/** A task, a tag and the first section of a space, made by its owner. */
async function board(owner: Person, project: string, label: string): Promise<{ task: string; state: string; tag: string }> {
  const task = expectData(
    await owner.client.execute<{ setTask: { id: string; state: string } }>(
      'mutation ($project: ID!, $name: String!) { setTask(project: $project, name: $name) { id state } }',
      { project, name: `${label} task` },
    ),
  ).setTask;
  const tag = expectData(
    await owner.client.execute<{ setTag: { id: string } }>(
      'mutation ($project: ID!, $name: String!) { setTag(project: $project, name: $name) { id } }',
      { project, name: `${label} tag` },
    ),
  ).setTag;
  return { task: task.id, state: task.state, tag: tag.id };
}

/** Everything of team A that must never show up in an answer to someone outside it. */
function teamAMarks(): string[] {
  const { adminA, basicA, guestA } = world;
  return [
    world.teamA,
    adminA.id,
    basicA.id,
    guestA.id,
    adminA.email,
    basicA.email,
    guestA.email,
    world.publicSpaceA,
    world.privateSpaceA,
    world.guestSpaceA,
    world.settingA,
    world.tokenA,
    world.taskA,
    world.stateA,
    world.tagA,
    world.messageA,
    world.privatA,
    world.docA,
    'Matrix',
    'matrix-pending',
  ];
}

const refusalCodes = ['NOT_FOUND', 'PERMISSION_DENIED'];
const isSubscription = (attempt: Attempt) => attempt.query.trimStart().startsWith('subscription');

/** Runs a query or mutation as someone; a subscription is opened over graphql-ws and its first answer (or refusal) awaited. */
async function attempt(caller: Person, call: Attempt): Promise<{ code: string | undefined; message: string | undefined; data: unknown }> {
  const variables = call.variables?.(world) ?? {};
  if (!isSubscription(call)) {
    const result = await caller.client.execute(call.query, variables);
    return { code: result.errors?.[0]?.extensions.code, message: result.errors?.[0]?.message, data: result.data };
  }
  const socket = subscriptionClient(server, { cookie: caller.client.cookieHeader() });
  try {
    await nextResults(socket, call.query, variables, 1, 1500).done;
    return { code: undefined, message: undefined, data: 'delivered' };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const code = text.includes('timed out') ? undefined : Object.keys(errorMessages).find((candidate) => text.includes(`"${candidate}"`));
    return { code, message: text, data: null };
  } finally {
    await socket.dispose();
  }
}

/** Activity in team A that a subscription leaking across teams would deliver. */
async function stirTeamA(): Promise<void> {
  await createSpace(world.adminA, `Matrix stir ${Math.random()}`);
  expectData(
    await world.adminA.client.execute('mutation ($team: ID!) { updateTeam(team: $team, name: "Matrix team") { signInRequired } }', {
      team: world.teamA,
    }),
  );
  expectData(await world.basicA.client.execute('mutation { ediUser(description: "matrix stir") { id } }'));
  expectData(
    await world.adminA.client.execute('mutation ($project: ID!) { setTask(project: $project, name: "Matrix stir") { id } }', {
      project: world.publicSpaceA,
    }),
  );
  expectData(
    await world.adminA.client.execute('mutation ($id: ID!) { ediTask(id: $id, name: "Matrix stirred") { id } }', { id: world.taskA }),
  );
  expectData(
    await world.adminA.client.execute('mutation ($project: ID) { setMessage(project: $project, body: "Matrix stir") { id } }', {
      project: world.publicSpaceA,
    }),
  );
  expectData(
    await world.basicA.client.execute('mutation ($privat: ID) { setMessage(privat: $privat, body: "Matrix stir") { id } }', {
      privat: world.privatA,
    }),
  );
}
afterAll(() => server.close());

/** A well-typed placeholder for each required argument, so only authorization can refuse the call. */
function placeholderArguments(field: IntrospectedField): string {
  const values = field.args
    .filter((argument) => argument.type.kind === 'NON_NULL')
    .map((argument) => {
      const named =
        argument.type.ofType?.kind === 'LIST' ? (argument.type.ofType.ofType?.ofType ?? argument.type.ofType.ofType) : argument.type.ofType;
      // An input object is given empty: its own required fields are the resolver's to check, after authorization.
      const literal =
        named?.kind === 'INPUT_OBJECT'
          ? '{}'
          : ({ ID: '"0123456789abcdef01234567"', String: '"placeholder"', Int: '1', Float: '1', Boolean: 'true' }[
              named?.name ?? 'String'
            ] ?? '"placeholder"');
      return `${argument.name}: ${argument.type.ofType?.kind === 'LIST' ? `[${literal}]` : literal}`;
    });
  return values.length > 0 ? `(${values.join(', ')})` : '';
}

function selectionFor(field: IntrospectedField): string {
  return `${field.name}${placeholderArguments(field)}`;
}

const nonPublic = () => rootFields.filter(({ field }) => declared[field.name] !== 'public').map(({ field }) => field.name);

const countEvents = async () =>
  (await appRow<{ count: number }>(server.app, sql`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM events`))!.count;

describe('authorization matrix', () => {
  it('every query, mutation and subscription declares who may call it', () => {
    const undeclared = rootFields.map(({ field }) => field.name).filter((name) => !(name in declared));
    expect(undeclared, 'operations without an access declaration in their domain module').toEqual([]);
    const stale = Object.keys(declared).filter((name) => !rootFields.some(({ field }) => field.name === name));
    expect(stale, 'access declarations for operations that do not exist').toEqual([]);
  });

  it('refuses every non-public query and mutation to an anonymous caller, writing nothing', async () => {
    const anonymous = new GraphqlTestClient(server);
    for (const { kind, field } of rootFields.filter((entry) => entry.kind !== 'subscription' && declared[entry.field.name] !== 'public')) {
      const before = await countEvents();
      // Select __typename on object results; scalars need no selection.
      const document = `${kind} { ${selectionFor(field)} }`;
      let result = await anonymous.execute(document);
      if (result.errors?.[0]?.extensions.code === 'GRAPHQL_VALIDATION_FAILED')
        result = await anonymous.execute(`${kind} { ${selectionFor(field)} { __typename } }`);
      expect(result.errors?.[0]?.extensions.code, `${kind} ${field.name}`).toBe('UNAUTHENTICATED');
      expect(await countEvents(), `${field.name} wrote events`).toBe(before);
    }
  });

  it('refuses every non-public subscription to an anonymous connection', async () => {
    for (const { field } of rootFields.filter((entry) => entry.kind === 'subscription' && declared[entry.field.name] !== 'public')) {
      const client = subscriptionClient(server);
      await expect(nextResults(client, `subscription { ${selectionFor(field)} { __typename } }`, {}, 1).done, field.name).rejects.toThrow(
        'No access token',
      );
      await client.dispose();
    }
  });
});

describe('authorization matrix: other team, basic member, guest', () => {
  it('has a matrix entry for every non-public operation, and a without-rights case for every admin one', () => {
    expect(
      nonPublic().filter((name) => !(name in matrix)),
      'operations without a matrix entry in authorizationMatrix.ts',
    ).toEqual([]);
    expect(
      Object.keys(matrix).filter((name) => !nonPublic().includes(name)),
      'matrix entries for operations that are public or gone',
    ).toEqual([]);
    const adminOnly = nonPublic().filter((name) => declared[name] === 'teamAdmin' || declared[name] === 'spaceAdmin');
    expect(
      adminOnly.filter((name) => !matrix[name]?.withoutRights?.length),
      'admin operations without a without-rights case',
    ).toEqual([]);
  });

  // Every operation of the matrix, each with an event count before and after: hundreds of requests, which on a busy
  // machine take longer than a test's usual twenty seconds.
  it('refuses a user of another team every id of team A, writing nothing', async () => {
    for (const [name, entry] of Object.entries(matrix)) {
      if ('noForeignIds' in entry.otherTeam) continue;
      for (const call of entry.otherTeam.refused ?? []) {
        const before = await countEvents();
        const result = await attempt(world.userB, call);
        expect(
          refusalCodes,
          `${name} ${JSON.stringify(call.variables?.(world) ?? {})} answered ${result.code} ${result.message}`,
        ).toContain(result.code);
        expect(await countEvents(), `${name} wrote events`).toBe(before);
      }
    }
  }, 60_000);

  it('shows a user of another team nothing of team A in lists and queries without ids', async () => {
    for (const [name, entry] of Object.entries(matrix)) {
      if ('noForeignIds' in entry.otherTeam) continue;
      for (const call of (entry.otherTeam.seesNothing ?? []).filter((candidate) => !isSubscription(candidate))) {
        const before = await countEvents();
        const result = await attempt(world.userB, call);
        expect(result.code, `${name}: ${result.message}`).toBeUndefined();
        const answer = JSON.stringify(result.data);
        for (const mark of teamAMarks()) expect(answer, `${name} leaked ${mark}`).not.toContain(mark);
        expect(await countEvents(), `${name} wrote events`).toBe(before);
      }
    }
  });

  it('delivers a user of another team nothing of team A on any subscription', async () => {
    const calls = Object.entries(matrix).flatMap(([name, entry]) =>
      'noForeignIds' in entry.otherTeam ? [] : (entry.otherTeam.seesNothing ?? []).filter(isSubscription).map((call) => ({ name, call })),
    );
    const sockets = calls.map(() => subscriptionClient(server, { cookie: world.userB.client.cookieHeader() }));
    const received: { name: string; value: unknown }[] = [];
    const connected = sockets.map((socket) => new Promise<void>((resolve) => socket.on('connected', () => resolve())));
    calls.forEach(({ name, call }, index) => {
      sockets[index]!.subscribe(
        { query: call.query, variables: call.variables?.(world) ?? {} },
        { next: (value) => received.push({ name, value }), error: () => undefined, complete: () => undefined },
      );
    });
    await Promise.all(connected);
    await wait(200);
    await stirTeamA();
    await wait(400);
    expect(received).toEqual([]);
    await Promise.all(sockets.map((socket) => socket.dispose()));
  });

  it('answers a basic member trying admin operations with exactly the SPEC §6 message, and refuses a guest, writing nothing', async () => {
    for (const [name, entry] of Object.entries(matrix)) {
      for (const call of entry.withoutRights ?? []) {
        const before = await countEvents();
        const basic = await attempt(world.basicA, call);
        expect({ code: basic.code, message: basic.message }, `${name} as a basic member`).toEqual({
          code: 'PERMISSION_DENIED',
          message: errorMessages.PERMISSION_DENIED,
        });
        const guest = await attempt(world.guestA, call);
        expect(refusalCodes, `${name} as a guest answered ${guest.code}`).toContain(guest.code);
        expect(await countEvents(), `${name} wrote events`).toBe(before);
      }
    }
  });

  it('refuses a guest what only members may do', async () => {
    for (const [name, entry] of Object.entries(matrix)) {
      for (const call of entry.guestRefused ?? []) {
        const before = await countEvents();
        const result = await attempt(world.guestA, call);
        expect(refusalCodes, `${name} as a guest answered ${result.code} ${result.message}`).toContain(result.code);
        expect(await countEvents(), `${name} wrote events`).toBe(before);
      }
    }
  });
});
