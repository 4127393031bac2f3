// The world the browser tests run in: the app, a real SMTP server whose mails the tests read over
// HTTP, and a real OpenID Connect provider for social sign-in. Started by Playwright's webServer.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { simpleParser } from 'mailparser';
// @ts-expect-error oidc-provider ships no type declarations
import ProviderModule from 'oidc-provider';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { issueSetUpLink } from '../../server/src/domains/accounts/setUp';
import { startFakeOpenAi } from '../integration/support/fakeOpenAi';
import { e2ePorts, oidcClient } from './ports';

const Provider = ProviderModule as new (
  issuer: string,
  configuration: Record<string, unknown>,
) => { callback(): Parameters<typeof createServer>[1] };

interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  receivedAt: number;
}

const mails: ReceivedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream).then((mail) => {
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.value.map((address) => address.address ?? '').join(',') : '';
      mails.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', receivedAt: Date.now() });
      callback();
    }, callback);
  },
});
smtp.listen(e2ePorts.smtp, '127.0.0.1');

// The tests' view of the mailbox: GET /mails?to=<address> returns that address's mails, newest first.
// POST /control/app/stop and /control/app/start stop and start the app on the same data, so tests can
// watch the app recover from a server restart. POST /control/fresh starts a second app on an empty data
// folder and a free port, without a mail server, and answers { url, setUpLink } (what `npm start` prints
// for a new instance).
createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'POST' && url.pathname === '/control/fresh') {
    startFreshApp().then(
      (fresh) => response.end(JSON.stringify(fresh)),
      (error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      },
    );
    return;
  }
  if (request.method === 'POST' && url.pathname.startsWith('/control/app/')) {
    const action =
      url.pathname === '/control/app/stop'
        ? stopApp()
        : url.pathname === '/control/app/start'
          ? startApp()
          : Promise.reject(new Error('unknown control'));
    action.then(
      () => response.end('ok'),
      (error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      },
    );
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const selected = mails.filter((mail) => !to || mail.to.toLowerCase() === to).sort((left, right) => right.receivedAt - left.receivedAt);
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(selected));
}).listen(e2ePorts.mailbox, '127.0.0.1');

const issuer = `http://127.0.0.1:${e2ePorts.oidc}`;
const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: oidcClient.id,
      client_secret: oidcClient.secret,
      redirect_uris: [`http://localhost:${e2ePorts.app}/auth/google/callback`],
    },
  ],
  jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'e2e-key', alg: 'RS256', use: 'sig' }] },
  cookies: { keys: [randomBytes(16).toString('hex')] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'locale'] },
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  // Any login that is an e-mail address signs in as that verified address.
  findAccount: (_context: unknown, id: string) => ({
    accountId: id,
    claims: () => ({ sub: id, email: id, email_verified: true, given_name: id.split('@')[0], family_name: 'Social', locale: 'en' }),
  }),
});
createServer(provider.callback()).listen(e2ePorts.oidc, '127.0.0.1');

// The AI provider: a fake OpenAI-compatible endpoint that browser tests script over POST /control/script.
const fakeOpenAi = await startFakeOpenAi(e2ePorts.ai);

const config = loadConfig({
  ...process.env,
  PORT: String(e2ePorts.app),
  HOST: '127.0.0.1',
  DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'workspace-e2e-')),
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SQLITE_SYNCHRONOUS: 'NORMAL',
  PUBLIC_URL: `http://localhost:${e2ePorts.app}`,
  SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
  OIDC_GOOGLE_ISSUER: issuer,
  OIDC_GOOGLE_CLIENT_ID: oidcClient.id,
  OIDC_GOOGLE_CLIENT_SECRET: oidcClient.secret,
  OIDC_ALLOW_HTTP_ISSUER: 'true',
  // The instance administrators the billing, support and large-board tests sign up as (the first account would depend
  // on test order); the large board's puts its team on a plan without a tasks-per-space limit.
  ADMIN_EMAILS: 'billing-admin@e2e.test,support-admin@e2e.test,plans-admin@e2e.test',
  RATE_LIMITS: 'false',
  // Long enough to answer on a busy machine, short enough for a test to watch a call go unanswered.
  MEETING_RING_SECONDS: '12',
  // No e-mail digests here: the tests read the newest mail of an address, and a digest would come between.
  NOTIFICATION_DIGEST_MINUTES: '0',
  AI_BASE_URL: fakeOpenAi.baseUrl,
  AI_MODEL: 'fake-assistant-model',
  AI_WRITING_MODEL: 'fake-writing-model',
});
let app: Awaited<ReturnType<typeof buildApp>> | null = null;

async function startApp(): Promise<void> {
  if (app) return;
  app = await buildApp(config);
  await app.server.listen({ port: config.port, host: config.host });
}

async function stopApp(): Promise<void> {
  const running = app;
  app = null;
  await running?.server.close();
}

const freshApps: Awaited<ReturnType<typeof buildApp>>[] = [];

/** A new instance with no account yet, on a free port, and the one-time set-up link it would print. */
async function startFreshApp(): Promise<{ url: string; setUpLink: string | null }> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  const dataDirectory = mkdtempSync(join(tmpdir(), 'workspace-e2e-fresh-'));
  const fresh = await buildApp({
    ...config,
    port,
    dataDirectory,
    databaseFile: join(dataDirectory, 'workspace.sqlite'),
    publicUrl: `http://localhost:${port}`,
    mail: { smtpUrl: null, from: config.mail.from, outboxPage: 'off' },
  });
  await fresh.server.listen({ port, host: config.host });
  freshApps.push(fresh);
  return { url: `http://localhost:${port}`, setUpLink: await issueSetUpLink(fresh.services) };
}

await startApp();
const stop = () => {
  void Promise.all([stopApp(), ...freshApps.map((fresh) => fresh.server.close())]).then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
