// Two app processes on one PostgreSQL and one Redis (issue 22), as behind a load balancer, each browser on a process
// of its own: what one teammate does through one process reaches the other's screen live.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort, startPostgresCluster, type PostgresCluster } from '../support/postgresCluster';
import { startRedisServer, type RedisServer } from '../support/redisServer';
import { e2ePorts } from './ports';
import { docEditor, docText, graphql, newDoc, twoTeammates, typeAtEnd } from './support';

const workFolder = mkdtempSync(join(tmpdir(), 'workspace-cluster-e2e-'));
const processes: ChildProcess[] = [];
const addresses: string[] = [];
let database: PostgresCluster | null = null;
let redis: RedisServer | null = null;

// Signing up two people and driving two browsers through two processes: more than the default on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

async function startApp(environment: Record<string, string>): Promise<string> {
  const port = await freePort();
  // localhost, as PUBLIC_URL says by default: the websocket origin check compares the two.
  const address = `http://localhost:${port}`;
  const app = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, ...environment, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: address },
    stdio: 'ignore',
  });
  processes.push(app);
  const exited = new Promise<null>((resolve) => app.once('exit', () => resolve(null)));
  for (;;) {
    const healthy = await Promise.race([
      fetch(`${address}/healthz`).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (healthy === null) throw new Error('an app process exited at start');
    if (healthy) return address;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [database, redis] = await Promise.all([startPostgresCluster({ durable: false }), startRedisServer()]);
  const shared = {
    DATABASE_URL: await database.createDatabase('cluster_e2e'),
    REDIS_URL: redis.url,
    SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: join(workFolder, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
  };
  // The first migrates the database; the second starts on it.
  addresses.push(await startApp(shared));
  addresses.push(await startApp(shared));
});

test.afterAll(async () => {
  for (const app of processes) app.kill('SIGKILL');
  await Promise.allSettled([redis?.stop(), database?.stop()]);
  rmSync(workFolder, { recursive: true, force: true });
});

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const history = (page: Page) => page.getByRole('log');

test('two teammates on two app processes chat, see each other online and write one doc together, live', async ({ browser }) => {
  const { ada, grace, graceAccount, space, close } = await twoTeammates(browser, { ada: addresses[0]!, grace: addresses[1]! });

  await ada.goto(`/chats/${space}`);
  await grace.goto(`/chats/${space}`);
  await expect(composer(ada)).toBeVisible();
  await expect(composer(grace)).toBeVisible();
  await composer(ada).fill('Sent through the first process');
  await composer(ada).press('Enter');
  await expect(history(grace).getByText('Sent through the first process')).toBeVisible();
  await composer(grace).fill('Answered through the second');
  await composer(grace).press('Enter');
  await expect(history(ada).getByText('Answered through the second')).toBeVisible();

  // Grace's only connections are to the second process; the first knows she is online through Redis.
  const { getPresence } = await graphql<{ getPresence: { user: string; state: string }[] }>(ada.request, '{ getPresence { user state } }');
  expect(getPresence).toContainEqual({ user: graceAccount.userId, state: 'online' });

  const doc = await newDoc(ada, space, 'Across processes');
  await ada.goto(`/${space}/docs/d/${doc}`);
  await grace.goto(`/${space}/docs/d/${doc}`);
  await expect(docEditor(ada)).toBeVisible();
  await expect(docEditor(grace)).toBeVisible();
  await typeAtEnd(ada, 'Ada writes through the first process.');
  await expect.poll(() => docText(grace)).toContain('Ada writes through the first process.');
  await typeAtEnd(grace, 'Grace answers through the second.', { newParagraph: true });
  await expect.poll(() => docText(ada)).toContain('Grace answers through the second.');
  await expect(ada.getByText('Grace User', { exact: true })).toBeVisible();
  await expect(grace.getByText('Saved', { exact: true })).toBeVisible();
  await ada.screenshot({ path: 'test-results/cluster-doc.png' });

  // Read again from the second process, after a reload: what both wrote was stored.
  await grace.reload();
  await expect.poll(() => docText(grace)).toContain('Ada writes through the first process.');
  await expect.poll(() => docText(grace)).toContain('Grace answers through the second.');
  await close();
});
