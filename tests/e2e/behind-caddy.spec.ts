// The product as docker-compose runs it: the real server entry point behind a real Caddy using
// deploy/Caddyfile, on loopback, with HTTPS from Caddy's own certificate authority, TRUST_PROXY=true, and
// files in an S3 bucket (s3rver) that browsers reach through Caddy on a host and port of its own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import S3rver from 's3rver';
import sharp from 'sharp';
import { e2ePorts } from './ports';
import { graphql, signedInAccount, uniqueEmail } from './support';

const caddyAvailable = spawnSync('caddy', ['version'], { encoding: 'utf8' }).status === 0;
/** Beside the stack's ports: Caddy's unused plain-HTTP port, the app's HTTPS address, the bucket's. */
const ports = { caddyHttp: e2ePorts.app + 7, app: e2ePorts.app + 8, files: e2ePorts.app + 9 };
const appUrl = `https://localhost:${ports.app}`;
const filesUrl = `https://localhost:${ports.files}`;
/**
 * A page's first load, its sockets through one more process and a change reaching the other browser may
 * take longer than the default 7 s on a machine shared with other test runs: wait for the state, with room.
 */
const settled = { timeout: 30_000 };

const workFolder = mkdtempSync(join(tmpdir(), 'workspace-behind-caddy-'));
const processes: ChildProcess[] = [];
const appLog: string[] = [];
let s3: S3rver | null = null;

test.skip(!caddyAvailable, 'caddy is not installed (apt-get install caddy)');
// Each test signs up people and drives two browsers through one more process (Caddy): more than the default 30 s on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const s3Port = await freePort();
  s3 = new S3rver({ port: s3Port, address: '127.0.0.1', directory: join(workFolder, 's3'), silent: true });
  await s3.run();

  const appPort = await freePort();
  const app = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(appPort),
      DATA_DIR: join(workFolder, 'data'),
      LOG_LEVEL: 'info',
      SQLITE_SYNCHRONOUS: 'NORMAL',
      PUBLIC_URL: appUrl,
      TRUST_PROXY: 'true',
      SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
      RATE_LIMITS: 'false',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_PUBLIC_ENDPOINT: filesUrl,
      S3_BUCKET: 'workspace-behind-caddy',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push(app);
  collectLines(app, appLog);

  // deploy/Caddyfile as it is, after test-only global options: no admin endpoint, certificates from
  // Caddy's own authority kept in this test's folder and never installed in the system's trust store,
  // loopback only, and high ports.
  const caddyfile = join(workFolder, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{\n\tadmin off\n\tskip_install_trust\n\tlocal_certs\n\tdefault_bind 127.0.0.1 [::1]\n\thttp_port ${ports.caddyHttp}\n\tstorage file_system ${join(workFolder, 'caddy-storage')}\n}\n\n${readFileSync('deploy/Caddyfile', 'utf8')}`,
  );
  const caddyLog: string[] = [];
  const caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: workFolder,
      XDG_DATA_HOME: join(workFolder, 'xdg-data'),
      XDG_CONFIG_HOME: join(workFolder, 'xdg-config'),
      PUBLIC_URL: appUrl,
      S3_PUBLIC_ENDPOINT: filesUrl,
      APP_UPSTREAM: `127.0.0.1:${appPort}`,
      FILES_UPSTREAM: `127.0.0.1:${s3Port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push(caddy);
  collectLines(caddy, caddyLog);

  const deadline = Date.now() + 60_000;
  while (
    (await httpsGet('127.0.0.1', '/healthz').then(
      (response) => response.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline)
      throw new Error(`the app did not answer through Caddy.\nCaddy: ${caddyLog.join('\n')}\nApp: ${appLog.slice(-20).join('\n')}`);
    if (app.exitCode !== null || caddy.exitCode !== null)
      throw new Error(`a process exited.\nCaddy: ${caddyLog.join('\n')}\nApp: ${appLog.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  for (const child of processes.reverse()) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await s3?.close();
  rmSync(workFolder, { recursive: true, force: true });
});

test('a person signs in over HTTPS through Caddy, gets Secure cookies, and the app sees their address from X-Forwarded-For', async ({
  browser,
}) => {
  const setUp = await browser.newContext({ baseURL: appUrl, ignoreHTTPSErrors: true });
  const account = await signedInAccount(await setUp.newPage(), 'Proxy');
  await setUp.close();

  const context = await browser.newContext({ baseURL: appUrl, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const front = await page.goto('/signin');
  expect(front?.headers()['strict-transport-security']).toBeTruthy();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/(overview|welcome)/, settled);
  const cookies = await context.cookies(appUrl);
  const token = cookies.find((cookie) => cookie.name === 'token');
  expect(token).toMatchObject({ secure: true, httpOnly: true });
  await context.close();

  // Over IPv6 loopback to Caddy, which reaches the app over IPv4: the app logging "::1" proves it took the
  // address from X-Forwarded-For, and never the forged one a visitor sent (Caddy replaces it).
  const probe = `/healthz?probe=${uniqueEmail('xff').split('@')[0]}`;
  const response = await httpsGet('::1', probe, { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'http' });
  expect(response.status).toBe(200);
  await expect.poll(() => appLog.find((line) => line.includes(probe)) ?? '').toContain('"remoteAddress":"::1"');
  expect(appLog.filter((line) => line.includes('203.0.113.7'))).toEqual([]);

  // Uptime probes send Accept: */*: the front page is the app.
  const home = await httpsGet('127.0.0.1', '/', { accept: '*/*' });
  expect(home.status).toBe(200);
  expect(home.body).toContain('<div id="root">');
});

test('a live subscription and a doc websocket work through Caddy between two browsers', async ({ browser }) => {
  const { ada, grace, space, close } = await teammatesBehindCaddy(browser);
  const { setWorkspace } = await graphql<{ setWorkspace: { id: string } }>(
    ada.request,
    'mutation ($project: ID!) { setWorkspace(project: $project, title: "Proxy notes") { id } }',
    { project: space },
  );
  await ada.goto(`/${space}/docs/d/${setWorkspace.id}`);
  await grace.goto(`/${space}/docs/d/${setWorkspace.id}`);
  const editor = (page: Page) => page.getByLabel('Doc content');
  await expect(editor(ada)).toBeVisible(settled);
  await expect(editor(grace)).toBeVisible(settled);

  // GraphQL subscriptions over wss://…/graphql: a space renamed by Ada changes in Grace's sidebar.
  const sidebarSpace = (name: string) => grace.getByRole('navigation').getByRole('link', { name, exact: true });
  await expect(sidebarSpace('Behind Caddy')).toBeVisible(settled);
  await graphql(ada.request, 'mutation ($id: ID!) { ediProject(id: $id, name: "Behind Caddy, renamed") { id } }', { id: space });
  await expect(sidebarSpace('Behind Caddy, renamed')).toBeVisible(settled);

  // The doc room over wss://…/collab/<doc>: typing reaches the teammate, is saved, and survives a reload.
  await editor(ada).click();
  await ada.keyboard.type('Typed behind Caddy.');
  await expect(editor(grace)).toContainText('Typed behind Caddy.', settled);
  await expect(ada.getByText('Saved', { exact: true })).toBeVisible(settled);
  await grace.reload();
  await expect(editor(grace)).toContainText('Typed behind Caddy.', settled);
  await close();
});

test('a file goes straight to the bucket through Caddy over HTTPS, with no mixed content, and a teammate sees it', async ({ browser }) => {
  const { ada, grace, space, close } = await teammatesBehindCaddy(browser);
  const warnings: string[] = [];
  ada.on('console', (message) => {
    if (/mixed content|content security policy/i.test(message.text())) warnings.push(message.text());
  });
  const bucketRequests: string[] = [];
  ada.on('request', (request) => {
    if (request.url().startsWith(filesUrl)) bucketRequests.push(`${request.method()} ${request.url()}`);
  });
  await ada.goto(`/${space}/files`);
  await grace.goto(`/${space}/files`);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  await ada.locator('input[type="file"]').first().setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: png });
  await expect(ada.getByRole('region', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'diagram.png' })).toContainText(
    'Uploaded',
    settled,
  );
  await expect(grace.getByRole('list', { name: 'Files and folders' }).getByText('diagram.png')).toBeVisible(settled);
  expect(bucketRequests.some((line) => line.startsWith('PUT '))).toBe(true);
  expect(warnings).toEqual([]);

  const { getFiles } = await graphql<{ getFiles: { id: string; name: string }[] }>(
    ada.request,
    'query ($project: ID!) { getFiles(project: $project) { id name } }',
    { project: space },
  );
  const file = getFiles.find((entry) => entry.name === 'diagram.png')!;
  const { signedDownloadPublicURL } = await graphql<{ signedDownloadPublicURL: string }>(
    ada.request,
    'query ($file: ID!) { signedDownloadPublicURL(file: $file) }',
    { file: file.id },
  );
  expect(signedDownloadPublicURL.startsWith(`${filesUrl}/`)).toBe(true);
  const download = await grace.request.get(signedDownloadPublicURL);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(png)).toBe(true);
  await close();
});

/** Two teammates in one public space, each in a browser context that talks to the app through Caddy. */
async function teammatesBehindCaddy(browser: Browser) {
  const adaContext = await browser.newContext({ baseURL: appUrl, ignoreHTTPSErrors: true });
  const graceContext = await browser.newContext({ baseURL: appUrl, ignoreHTTPSErrors: true });
  const ada = await adaContext.newPage();
  const grace = await graceContext.newPage();
  await signedInAccount(ada, 'Ada');
  const graceAccount = await signedInAccount(grace, 'Grace');
  for (const page of [ada, grace])
    await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { getTeam } = await graphql<{ getTeam: { id: string } }>(ada.request, '{ getTeam { id } }');
  await graphql(ada.request, 'mutation ($email: String!, $id: ID!) { addUserTeam(email: $email, id: $id) { id } }', {
    email: graceAccount.email,
    id: getTeam.id,
  });
  await graphql(grace.request, 'mutation ($team: ID!) { switchTeam(team: $team) { id } }', { team: getTeam.id });
  const { setProject } = await graphql<{ setProject: { id: string } }>(
    ada.request,
    'mutation { setProject(name: "Behind Caddy", type: "public") { id } }',
  );
  await graphql(grace.request, 'mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: setProject.id });
  return {
    ada,
    grace,
    space: setProject.id,
    close: async () => {
      await adaContext.close();
      await graceContext.close();
    },
  };
}

function collectLines(child: ChildProcess, lines: string[]): void {
  let pending = '';
  const take = (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    lines.push(...complete);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
}

/** An HTTPS request to Caddy at a loopback address, named localhost, trusting Caddy's own authority. */
function httpsGet(
  address: '127.0.0.1' | '::1',
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        host: address,
        port: ports.app,
        path,
        servername: 'localhost',
        headers: { host: `localhost:${ports.app}`, ...headers },
        rejectUnauthorized: false,
        timeout: 5000,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
