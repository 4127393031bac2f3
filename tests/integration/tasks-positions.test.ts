import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maximumPositionMagnitude, positionSpacing, respaceBeyondMagnitude } from '#shared/ordering';
import type { GraphqlResponse } from './harness';
import { startTestServer, type TestServer } from './harness';
import { countEvents, createSpace, expectData, person, setPlan, type Person } from './teamFactories';
import { createTask, ediTask, getTasks, sectionsOf, setTask, type Section } from './taskFactories';

let server: TestServer;
let admin: Person;
let space: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await person(server, 'Pia');
  // More spaces than the free plan's five (SPEC §9 plan limits): a plan without that limit.
  await setPlan(server, admin.teamId);
  space = await createSpace(admin, 'Positions');
});
afterAll(() => server.close());

const positionFields = ['positionSection', 'positionDuedate', 'positionAsignee'] as const;
const extremes = [1e308, -1e308, Number.MAX_VALUE, -Number.MAX_VALUE, maximumPositionMagnitude * 10, -maximumPositionMagnitude - 1];

/** A call that must be refused as bad input naming `field`, writing nothing. */
async function refusedAsField(call: () => Promise<GraphqlResponse<unknown>>, field: string): Promise<void> {
  const before = await countEvents(server);
  const result = await call();
  expect(result.data, JSON.stringify(result.data)).toBeNull();
  expect(result.errors?.[0]?.extensions, JSON.stringify(result.errors)).toMatchObject({
    code: 'POSITION_OUT_OF_RANGE',
    category: 'BAD_USER_INPUT',
    params: {},
    field,
  });
  expect(await countEvents(server)).toBe(before);
}

/**
 * A call GraphQL itself refuses while coercing its variables (Float takes finite numbers only):
 * nothing written. The code is BAD_USER_INPUT on a document's first run and, once the document is
 * compiled (graphql-jit), GRAPHQL_VALIDATION_FAILED: either says the input does not fit the schema.
 */
async function refusedByCoercion(call: () => Promise<GraphqlResponse<unknown>>): Promise<void> {
  const before = await countEvents(server);
  const result = await call();
  expect(result.data).toBeNull();
  expect(['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED'], JSON.stringify(result.errors)).toContain(result.errors?.[0]?.extensions.code);
  expect(result.errors?.[0]?.message).toMatch(/Float cannot represent/);
  expect(await countEvents(server)).toBe(before);
}

/** A raw POST, so the body can hold what JSON.stringify never writes (1e309 parses to Infinity). */
async function rawGraphql(body: string): Promise<GraphqlResponse<unknown>> {
  const response = await fetch(server.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: admin.client.cookieHeader() },
    body,
  });
  const parsed = (await response.json()) as { data?: unknown; errors?: GraphqlResponse['errors'] };
  return { status: response.status, data: parsed.data ?? null, errors: parsed.errors, headers: response.headers };
}

async function sections(): Promise<Section[]> {
  return sectionsOf(admin, space);
}

function updateStates(ids: string[], positions: number[]) {
  return admin.client.execute<{ updateStates: Section[] }>(
    'mutation ($ids: [ID!]!, $positions: [Float!]!) { updateStates(ids: $ids, positions: $positions) { id position } }',
    { ids, positions },
  );
}

describe('positions outside the accepted range', () => {
  it('are refused on setTask and ediTask for every position field, with the field named and nothing written', async () => {
    const task = await createTask(admin, space, 'Anchor');
    for (const field of positionFields) {
      for (const value of extremes) {
        await refusedAsField(() => setTask(admin, { project: space, name: 'Far', [field]: value }), field);
        await refusedAsField(() => ediTask(admin, { id: task.id, [field]: value }), field);
      }
    }
    const unchanged = (await getTasks(admin, space)).find((candidate) => candidate.id === task.id)!;
    expect(unchanged.positionSection).toBe(task.positionSection);
  });

  it('are refused when written as literals that overflow to Infinity, and as strings or overflowing JSON numbers', async () => {
    const task = await createTask(admin, space, 'Literal');
    await refusedAsField(
      () => admin.client.execute(`mutation ($id: ID!) { ediTask(id: $id, positionSection: 1e999) { id } }`, { id: task.id }),
      'positionSection',
    );
    await refusedAsField(
      () => admin.client.execute(`mutation ($id: ID!) { ediTask(id: $id, positionDuedate: -1e999) { id } }`, { id: task.id }),
      'positionDuedate',
    );
    await refusedAsField(
      () =>
        admin.client.execute(`mutation ($project: ID!) { setTask(project: $project, name: "x", positionAsignee: 1e999) { id } }`, {
          project: space,
        }),
      'positionAsignee',
    );
    for (const value of ['Infinity', '-Infinity', 'NaN', '1e308']) {
      await refusedByCoercion(() =>
        admin.client.execute('mutation ($id: ID!, $position: Float) { ediTask(id: $id, positionSection: $position) { id } }', {
          id: task.id,
          position: value,
        }),
      );
    }
    const query = 'mutation ($id: ID!, $position: Float) { ediTask(id: $id, positionSection: $position) { id } }';
    await refusedByCoercion(() => rawGraphql(`{"query": ${JSON.stringify(query)}, "variables": {"id": "${task.id}", "position": 1e309}}`));
    await refusedByCoercion(() => rawGraphql(`{"query": ${JSON.stringify(query)}, "variables": {"id": "${task.id}", "position": -1e309}}`));
  });

  it('are refused on updateStates, by literal and by variable, naming positions', async () => {
    const [first] = await sections();
    for (const value of extremes) await refusedAsField(() => updateStates([first!.id], [value]), 'positions');
    await refusedAsField(
      () => admin.client.execute(`mutation ($ids: [ID!]!) { updateStates(ids: $ids, positions: [1e999]) { id } }`, { ids: [first!.id] }),
      'positions',
    );
    await refusedByCoercion(() =>
      admin.client.execute('mutation ($ids: [ID!]!, $positions: [Float!]!) { updateStates(ids: $ids, positions: $positions) { id } }', {
        ids: [first!.id],
        positions: ['Infinity'],
      }),
    );
  });

  it('accept the bounds themselves, and respace a list the bound was written into', async () => {
    const own = await createSpace(admin, 'Bounds');
    const low = await createTask(admin, own, 'Low', { positionSection: -maximumPositionMagnitude });
    const high = await createTask(admin, own, 'High', { positionSection: maximumPositionMagnitude });
    const tasks = await getTasks(admin, own);
    const ordered = tasks.filter((task) => task.state === low.state).sort((left, right) => left.positionSection - right.positionSection);
    expect(ordered.map((task) => task.id)).toEqual([low.id, high.id]);
    for (const task of ordered) expect(Math.abs(task.positionSection)).toBeLessThanOrEqual(respaceBeyondMagnitude);
  });
});

describe('rebalancing', () => {
  it('spreads a section out again when a card is dropped too close to its neighbour, keeping the order', async () => {
    const own = await createSpace(admin, 'Crowded');
    const first = await createTask(admin, own, 'First');
    const second = await createTask(admin, own, 'Second');
    const squeezed = await createTask(admin, own, 'Squeezed');
    await ediTask(admin, { id: squeezed.id, positionSection: first.positionSection + 1e-7 });
    const column = (await getTasks(admin, own))
      .filter((task) => task.state === first.state)
      .sort((left, right) => left.positionSection - right.positionSection);
    expect(column.map((task) => task.name)).toEqual(['First', 'Squeezed', 'Second']);
    expect(column.map((task) => task.positionSection)).toEqual([positionSpacing, 2 * positionSpacing, 3 * positionSpacing]);
    expect(second.id).toBe(column[2]!.id);
  });

  it('spreads a list out again when a card goes beyond the threshold, whether the caller or the server placed it', async () => {
    const own = await createSpace(admin, 'Drifted');
    const first = await createTask(admin, own, 'Near the edge', { positionSection: respaceBeyondMagnitude - 100 });
    expect(first.positionSection).toBe(respaceBeyondMagnitude - 100);
    const appended = await createTask(admin, own, 'Appended');
    const column = (await getTasks(admin, own))
      .filter((task) => task.state === first.state)
      .sort((left, right) => left.positionSection - right.positionSection);
    expect(column.map((task) => task.id)).toEqual([first.id, appended.id]);
    expect(column.map((task) => task.positionSection)).toEqual([positionSpacing, 2 * positionSpacing]);
  });

  it('spreads the target section out when a deleted section sends its tasks past the threshold', async () => {
    const own = await createSpace(admin, 'Deleting');
    const [target, doomed] = await sectionsOf(admin, own);
    const staying = await createTask(admin, own, 'Staying', { state: target!.id, positionSection: respaceBeyondMagnitude - 10 });
    const moving = await createTask(admin, own, 'Moving', { state: doomed!.id });
    expectData(
      await admin.client.execute('mutation ($id: ID!, $moveTo: ID) { deleteState(id: $id, moveTo: $moveTo) { id } }', {
        id: doomed!.id,
        moveTo: target!.id,
      }),
    );
    const column = (await getTasks(admin, own))
      .filter((task) => task.state === target!.id)
      .sort((left, right) => left.positionSection - right.positionSection);
    expect(column.map((task) => task.id)).toEqual([staying.id, moving.id]);
    expect(column.map((task) => task.positionSection)).toEqual([positionSpacing, 2 * positionSpacing]);
  });

  it('spreads the sections out again when a reorder crowds them or lands far from zero, in the order asked for', async () => {
    const own = await createSpace(admin, 'Columns');
    const [todo, doing, done] = await sectionsOf(admin, own);
    expectData(
      await admin.client.execute(
        'mutation ($ids: [ID!]!, $positions: [Float!]!) { updateStates(ids: $ids, positions: $positions) { id } }',
        { ids: [done!.id], positions: [todo!.position] },
      ),
    );
    let after = await sectionsOf(admin, own);
    expect(after.map((section) => section.id)).toEqual([done!.id, todo!.id, doing!.id]);
    expect(after.map((section) => section.position)).toEqual([positionSpacing, 2 * positionSpacing, 3 * positionSpacing]);
    expectData(
      await admin.client.execute(
        'mutation ($ids: [ID!]!, $positions: [Float!]!) { updateStates(ids: $ids, positions: $positions) { id } }',
        { ids: [done!.id], positions: [maximumPositionMagnitude] },
      ),
    );
    after = await sectionsOf(admin, own);
    expect(after.map((section) => section.id)).toEqual([todo!.id, doing!.id, done!.id]);
    expect(after.map((section) => section.position)).toEqual([positionSpacing, 2 * positionSpacing, 3 * positionSpacing]);
  });
});
