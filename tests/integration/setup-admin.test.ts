import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tableDialect } from '../../server/src/db/pickTable';
import { issueSetUpLink } from '../../server/src/domains/accounts/setUp';
import { databaseEnvironment, freePort, GraphqlTestClient, startTestServer, type TestServer } from './harness';
import { expectData } from './teamFactories';

/** The real `npm start` entry point in a child process, with its log lines collected. */
interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every line the server logged so far (pino JSON). */
  lines: string[];
  client(): GraphqlTestClient;
  stop(): Promise<void>;
}

/** Tests here start the server (and the CLI) as child processes, a few seconds each on a busy machine. */
const processTimeoutMs = 120_000;

const running = new Set<ServerProcess>();
const folders: string[] = [];

function newDataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'workspace-setup-'));
  folders.push(folder);
  return folder;
}

async function startServer(dataDirectory: string, environment: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = await databaseEnvironment(dataDirectory);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      ...database,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      RATE_LIMITS: 'false',
      SMTP_URL: '',
      OUTBOX_PAGE: '',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts.filter((line) => line.trim() !== ''));
  });
  const server: ServerProcess = {
    url,
    child,
    lines,
    client: () => new GraphqlTestClient({ graphqlUrl: `${url}/graphql`, app: undefined as never }),
    stop: () =>
      new Promise<void>((resolve) => {
        running.delete(server);
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  running.add(server);
  // Ready once it logged that it listens; the set-up link (if any) is logged right after. A start compiles the server's
  // TypeScript first, which took more than half a minute on a busy machine: the test's own limit is the bound.
  await waitFor(() => lines.some((line) => line.includes('Workspace is ready')), processTimeoutMs / 2, 'the server did not start');
  return server;
}

async function waitFor(condition: () => boolean, timeoutMs: number, failure: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Parsed log entries. */
const entries = (server: ServerProcess) =>
  server.lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });

/** The set-up link the server printed at start, waiting a moment for it (it comes right after "ready"). */
async function setUpLinkOf(server: ServerProcess): Promise<URL> {
  await waitFor(() => entries(server).some((entry) => typeof entry.setUpLink === 'string'), 5000, 'no set-up link in the log');
  const entry = entries(server).find((candidate) => typeof candidate.setUpLink === 'string')!;
  expect(entry.level).toBe(40);
  expect(entry.msg).toContain(String(entry.setUpLink));
  return new URL(String(entry.setUpLink));
}

/**
 * The set-up link is logged in the same tick as "ready" or not at all: once a later request's own log
 * line has arrived, everything logged at start has too.
 */
async function expectNoSetUpLink(server: ServerProcess): Promise<void> {
  expect(expectData(await server.client().execute<{ serverInfo: { name: string } }>('{ serverInfo { name } }')).serverInfo.name).toBe(
    'Workspace',
  );
  await waitFor(() => entries(server).some((entry) => entry.msg === 'request completed'), 5000, 'the request was not logged');
  expect(server.lines.filter((line) => line.includes('setUpLink') || line.includes('/setup/'))).toEqual([]);
}

const tokenOf = (link: URL) => link.pathname.replace('/setup/', '');

const checkSetup = 'query ($token: String!) { checkSetup(token: $token) }';
const setUserAdmin = `mutation ($token: String!, $email: String!, $team: String) {
  setUserAdmin(token: $token, firstname: "Ada", lastname: "Lovelace", email: $email, password: "analytical1", team: $team) { user { id email } team { id name role } }
}`;
const login =
  'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { user { id } team { id name role } } }';

afterEach(async () => {
  await Promise.all([...running].map((server) => server.stop()));
});
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the set-up link of an instance without accounts', () => {
  it(
    'is logged at the first start, creates the first administrator once, and is never logged again',
    async () => {
      const dataDirectory = newDataFolder();
      const first = await startServer(dataDirectory);
      const link = await setUpLinkOf(first);
      expect(link.origin).toBe(first.url);
      expect(link.pathname).toMatch(/^\/setup\/[\w-]{43}$/);

      const browser = first.client();
      expect(expectData(await browser.execute(checkSetup, { token: tokenOf(link) }))).toEqual({ checkSetup: true });
      const created = expectData(
        await browser.execute<{ setUserAdmin: { user: { id: string; email: string }; team: { id: string; name: string; role: string } } }>(
          setUserAdmin,
          { token: tokenOf(link), email: 'Ada@Example.com', team: 'Analytical Engines' },
        ),
      );
      expect(created.setUserAdmin.user.email).toBe('ada@example.com');
      expect(created.setUserAdmin.team).toMatchObject({ name: 'Analytical Engines', role: 'admin' });
      // Signed in at once, and the address counts as verified: the password signs in too.
      expect(expectData(await browser.execute<{ getUser: { id: string } }>('{ getUser { id } }')).getUser.id).toBe(
        created.setUserAdmin.user.id,
      );
      expect(
        expectData(
          await first.client().execute<{ login: { team: { role: string } } }>(login, { email: 'ada@example.com', password: 'analytical1' }),
        ).login.team.role,
      ).toBe('admin');

      const again = await first.client().execute(setUserAdmin, { token: tokenOf(link), email: 'eve@example.com' });
      expect(again.errors?.[0]?.extensions.code).toBe('SETUP_LINK_INVALID');
      expect((await first.client().execute(checkSetup, { token: tokenOf(link) })).errors?.[0]?.extensions.code).toBe('SETUP_LINK_INVALID');

      await first.stop();
      const second = await startServer(dataDirectory);
      await expectNoSetUpLink(second);
    },
    processTimeoutMs,
  );

  it(
    'is replaced at each start, and refused once any account exists',
    async () => {
      const dataDirectory = newDataFolder();
      const first = await startServer(dataDirectory);
      const stale = await setUpLinkOf(first);
      await first.stop();
      const second = await startServer(dataDirectory);
      const fresh = await setUpLinkOf(second);
      expect(fresh.href).not.toBe(stale.href);
      expect((await second.client().execute(checkSetup, { token: tokenOf(stale) })).errors?.[0]?.extensions.code).toBe(
        'SETUP_LINK_INVALID',
      );
      expect((await second.client().execute(checkSetup, { token: 'made-up' })).errors?.[0]?.extensions.code).toBe('SETUP_LINK_INVALID');

      // Someone signs up the ordinary way first: the link no longer creates anything.
      expectData(
        await second
          .client()
          .execute(
            'mutation { setUserBasic(firstname: "Eve", lastname: "Early", email: "eve@example.com", password: "early1234") { email } }',
          ),
      );
      const refused = await second.client().execute(setUserAdmin, { token: tokenOf(fresh), email: 'ada@example.com' });
      expect(refused.errors?.[0]?.extensions.code).toBe('SETUP_DONE');
      expect(
        (await second.client().execute(login, { email: 'ada@example.com', password: 'analytical1' })).errors?.[0]?.extensions.code,
      ).toBe('WRONG_CREDENTIALS');
    },
    processTimeoutMs,
  );

  it(
    'writes mails to the log when no mail server is set, so a link can be copied from the terminal',
    async () => {
      const server = await startServer(newDataFolder());
      const browser = server.client();
      expectData(
        await browser.execute(
          'mutation { setUserBasic(firstname: "Solo", lastname: "Trial", email: "solo@example.com", password: "trial12345") { email } }',
        ),
      );
      await waitFor(() => entries(server).some((entry) => entry.to === 'solo@example.com'), 5000, 'the mail was not logged');
      const logged = entries(server).find((entry) => entry.to === 'solo@example.com')!;
      const verifyLink = new URL((logged.links as string[]).find((link) => link.includes('/signup/verify'))!);
      expect(String(logged.msg)).toContain(verifyLink.href);
      const verified = await browser.execute<{ verifyAccount: { user: { id: string } } }>(
        'query ($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { user { id } } }',
        {
          email: verifyLink.searchParams.get('email'),
          token: verifyLink.searchParams.get('token'),
        },
      );
      expect(verified.data?.verifyAccount.user.id).toMatch(/^[0-9a-f]{24}$/);
      // The outbox page is off unless OUTBOX_PAGE=true: whatever answers /dev/outbox holds no mail.
      const page = await fetch(`${server.url}/dev/outbox`).then((response) => response.text());
      expect(page).not.toContain('solo@example.com');
    },
    processTimeoutMs,
  );
});

describe('the outbox page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ OUTBOX_PAGE: 'true' });
  });
  afterAll(() => server.close());

  it('lists the kept mails when OUTBOX_PAGE=true', async () => {
    await new GraphqlTestClient(server).execute('mutation { forgotPassword(email: "nobody-here@example.com") }');
    await new GraphqlTestClient(server).execute(
      'mutation { setUserBasic(firstname: "Page", lastname: "Reader", email: "page@example.com", password: "reader1234") { email } }',
    );
    const response = await fetch(`${server.url}/dev/outbox`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('to page@example.com');
  });

  it('refuses a set-up link past its 24 hours', async () => {
    const issuedLongAgo = await issueSetUpLink(server.app.services, Date.now() - 25 * 3_600_000);
    // This instance already has an account, so no link is issued at all.
    expect(issuedLongAgo).toBeNull();
    const empty = await startTestServer();
    try {
      const expired = new URL((await issueSetUpLink(empty.app.services, Date.now() - 25 * 3_600_000))!);
      expect((await new GraphqlTestClient(empty).execute(checkSetup, { token: tokenOf(expired) })).errors?.[0]?.extensions.code).toBe(
        'SETUP_LINK_INVALID',
      );
      const current = new URL((await issueSetUpLink(empty.app.services))!);
      expect(expectData(await new GraphqlTestClient(empty).execute(checkSetup, { token: tokenOf(current) }))).toEqual({ checkSetup: true });
    } finally {
      await empty.close();
    }
  });
});

/** `npm run create-admin` as the operator runs it, against the data folder of a running server. */
async function createAdmin(dataDirectory: string, url: string, args: string[], stdin?: string) {
  const database = await databaseEnvironment(dataDirectory);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/createAdmin.ts', ...args], {
      env: { ...process.env, ...database, DATA_DIR: dataDirectory, PUBLIC_URL: url, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(stdin ?? '');
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** How many events the log of a data folder's database holds: its SQLite file, or its own PostgreSQL database. */
async function eventsIn(dataDirectory: string): Promise<number> {
  if (tableDialect !== 'postgresql') {
    const database = new Database(join(dataDirectory, 'workspace.sqlite'), { readonly: true });
    try {
      return (database.prepare('SELECT COUNT(*) AS count FROM events').get() as { count: number }).count;
    } finally {
      database.close();
    }
  }
  const connection = postgres((await databaseEnvironment(dataDirectory)).DATABASE_URL!, { max: 1, onnotice: () => undefined });
  try {
    const [row] = await connection<{ count: number }[]>`SELECT CAST(COUNT(*) AS INTEGER) AS count FROM events`;
    return row!.count;
  } finally {
    await connection.end({ timeout: 1 });
  }
}

describe('npm run create-admin', () => {
  it(
    'creates a verified administrator in the data folder of a running server, who signs in there',
    async () => {
      const dataDirectory = newDataFolder();
      const server = await startServer(dataDirectory);
      const link = await setUpLinkOf(server);
      const result = await createAdmin(
        dataDirectory,
        server.url,
        ['--email', 'Grace@Example.com', '--name', 'Grace Hopper', '--team', 'Navy Labs', '--password-stdin'],
        'cobol12345\n',
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Created Grace Hopper <grace@example.com>: a verified administrator of "Navy Labs".');
      const signedIn = expectData(
        await server
          .client()
          .execute<{ login: { team: { name: string; role: string } } }>(login, { email: 'grace@example.com', password: 'cobol12345' }),
      );
      expect(signedIn.login.team).toEqual(expect.objectContaining({ name: 'Navy Labs', role: 'admin' }));
      // An account exists now: the set-up link printed at start no longer works.
      expect((await server.client().execute(checkSetup, { token: tokenOf(link) })).errors?.[0]?.extensions.code).toBe('SETUP_DONE');
    },
    processTimeoutMs,
  );

  it(
    'prints a one-time set-password link when it cannot ask for a password, and promotes an existing account',
    async () => {
      const dataDirectory = newDataFolder();
      const server = await startServer(dataDirectory);
      const result = await createAdmin(dataDirectory, server.url, ['--email', 'linus@example.com', '--name', 'Linus Torvalds']);
      expect(result.code).toBe(0);
      const link = new URL(/http\S+\/signup\/recover\?\S+/.exec(result.stdout)![0]);
      expect(link.origin).toBe(server.url);
      const update =
        'mutation ($email: String!, $token: String!) { updatePassword(email: $email, password: "kernel12345", token: $token) }';
      expectData(await server.client().execute(update, { email: link.searchParams.get('email'), token: link.searchParams.get('token') }));
      expect(
        expectData(
          await server
            .client()
            .execute<{ login: { team: { role: string } } }>(login, { email: 'linus@example.com', password: 'kernel12345' }),
        ).login.team.role,
      ).toBe('admin');

      // Someone who signed up but never got the mail: verified and made admin of their team.
      expectData(
        await server
          .client()
          .execute(
            'mutation { setUserBasic(firstname: "Nomail", lastname: "User", email: "nomail@example.com", password: "waiting123") { email } }',
          ),
      );
      expect(
        (await server.client().execute(login, { email: 'nomail@example.com', password: 'waiting123' })).errors?.[0]?.extensions.code,
      ).toBe('EMAIL_NOT_VERIFIED');
      const promoted = await createAdmin(dataDirectory, server.url, ['--email', 'nomail@example.com', '--password-stdin'], 'chosen12345\n');
      expect(promoted.code).toBe(0);
      expect(promoted.stdout).toContain('Updated nomail@example.com: a verified administrator of "Nomail\'s team".');
      // The password set before the address was proven is dropped; the one given now works.
      expect(
        (await server.client().execute(login, { email: 'nomail@example.com', password: 'waiting123' })).errors?.[0]?.extensions.code,
      ).toBe('WRONG_CREDENTIALS');
      expect(
        expectData(
          await server
            .client()
            .execute<{ login: { team: { role: string } } }>(login, { email: 'nomail@example.com', password: 'chosen12345' }),
        ).login.team.role,
      ).toBe('admin');
    },
    processTimeoutMs,
  );

  it(
    'refuses bad input clearly and writes nothing',
    async () => {
      const dataDirectory = newDataFolder();
      const cases: [string[], string, RegExp][] = [
        [[], '', /--email is required/],
        [['--email', 'not-an-address', '--name', 'Ada Lovelace'], '', /--email: Enter a valid e-mail address\./],
        [['--email', 'ada@example.com', '--name', 'Ada'], '', /Give a first and a last name/],
        [['--email', 'ada@example.com'], '', /No account uses ada@example\.com yet: give its name too/],
        [['--email', 'ada@example.com', '--name', 'Ada Lovelace', '--password-stdin'], 'short\n', /password: Use at least 8 characters\./],
      ];
      for (const [args, stdin, message] of cases) {
        const result = await createAdmin(dataDirectory, 'http://127.0.0.1:1', args, stdin);
        expect(result.code, args.join(' ')).toBe(1);
        expect(result.stderr).toMatch(message);
        expect(result.stdout).toBe('');
      }
      expect(await eventsIn(dataDirectory)).toBe(0);
    },
    processTimeoutMs,
  );
});
