import { expect, test, type Locator, type Page } from '@playwright/test';
import { preload } from '#shared/constants';
import { graphql, newDoc, twoTeammates } from './support';

/**
 * Console messages a normal page load may log. Each entry needs a reason; there are none, and an
 * error or warning that appears here fails the test until it is fixed (or justified in this list).
 */
const allowed: { pattern: RegExp; reason: string }[] = [];

interface Watch {
  problems: string[];
  inFlight: Set<string>;
  /** Every address the page asked for that is not this app's (analytics, fonts, trackers: none expected). */
  elsewhere: Set<string>;
}

/** Records console errors and warnings, uncaught exceptions, failed requests and GraphQL errors of the page. */
function watch(page: Page): Watch {
  const problems: string[] = [];
  const inFlight = new Set<string>();
  const elsewhere = new Set<string>();
  const appOrigin = new URL(page.url() === 'about:blank' ? 'http://localhost' : page.url()).hostname;
  const keep = (text: string) => {
    if (!allowed.some((entry) => entry.pattern.test(text))) problems.push(`${page.url()}: ${text}`);
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') keep(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => keep(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    inFlight.add(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.hostname !== appOrigin) elsewhere.add(request.url());
  });
  page.on('requestfailed', (request) => inFlight.delete(`${request.method()} ${request.url()} ${request.postData() ?? ''}`));
  page.on('requestfinished', (request) => inFlight.delete(`${request.method()} ${request.url()} ${request.postData() ?? ''}`));
  page.on('response', async (response) => {
    if (!response.url().endsWith('/graphql') || response.request().method() !== 'POST') return;
    const body = (await response.json().catch(() => null)) as { errors?: { message: string }[] } | null;
    const operation = /"query":"\s*(?:query|mutation)\s+(\w+)/.exec(response.request().postData() ?? '')?.[1] ?? 'an operation';
    if (body?.errors?.length) keep(`GraphQL ${operation}: ${body.errors.map((error) => error.message).join('; ')}`);
  });
  return { problems, inFlight, elsewhere };
}

/**
 * After the screen shows, waits for what a page load does later: the delayed start-up preloads run once
 * the browser is idle, at offsets up to delayedPreloadOffsetsMs (SPEC §9), and every request they start
 * must be answered before the console is judged.
 */
async function settle(page: Page, watched: Watch): Promise<void> {
  const lastOffset = Math.max(...preload.delayedPreloadOffsetsMs);
  await page.evaluate(
    ({ idleTimeoutMs, lastOffset }) =>
      new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, lastOffset + 50), { timeout: idleTimeoutMs })),
    { idleTimeoutMs: preload.idleTimeoutMs, lastOffset },
  );
  await expect
    .poll(() => [...watched.inFlight].filter((request) => request.includes('/graphql')), { message: 'requests still in flight' })
    .toEqual([]);
}

async function visit(page: Page, watched: Watch, path: string, ready: (page: Page) => Locator): Promise<void> {
  await page.goto(path);
  await expect(ready(page)).toBeVisible();
  await settle(page, watched);
}

test('a normal load of every main screen logs no console error or warning, no failed request, and asks nothing of another site', async ({
  browser,
}) => {
  // Eight screens loaded one after another, each waiting for its delayed start-up requests.
  test.setTimeout(120_000);
  const { ada, space, close } = await twoTeammates(browser);
  const docId = await newDoc(ada, space, 'Launch plan');
  await graphql(ada.request, 'mutation ($project: ID!) { setTask(project: $project, name: "Write the release notes") { id } }', {
    project: space,
  });
  const doc = `/${space}/docs/d/${docId}`;

  // The doc gets a link first, so its load meets linkify (which warned "already initialized" before).
  await ada.goto(doc);
  await ada.getByLabel('Doc content').click();
  await ada.keyboard.type('Plan at https://example.com ');
  await expect(ada.getByText('Saved', { exact: true })).toBeVisible();

  const watched = watch(ada);
  await visit(ada, watched, '/overview', (page) => page.getByRole('main'));
  await visit(ada, watched, `/${space}/tasks`, (page) => page.getByText('Write the release notes'));
  await visit(ada, watched, `/chats/${space}`, (page) => page.getByRole('textbox', { name: 'Message' }));
  await visit(ada, watched, doc, (page) => page.getByLabel('Doc content').getByRole('link', { name: 'https://example.com' }));
  await visit(ada, watched, `/${space}/files`, (page) => page.getByText('No files yet'));
  await visit(ada, watched, `/${space}/media`, (page) => page.getByText('No images or videos yet'));
  await visit(ada, watched, '/overview/preferences', (page) => page.getByRole('main'));
  // Inside the app, without a page load: away from the doc and back, so its editor is made a second time.
  const docLink = ada.getByLabel('Doc content').getByRole('link', { name: 'https://example.com' });
  await visit(ada, watched, doc, () => docLink);
  await ada.getByRole('link', { name: 'Files', exact: true }).first().click();
  await expect(ada.getByText('No files yet')).toBeVisible();
  await ada.goBack();
  await expect(docLink).toBeVisible();
  await settle(ada, watched);

  expect(watched.problems).toEqual([]);
  // Analytics are off unless an administrator configures them (SPEC §7): no request leaves the page.
  expect([...watched.elsewhere]).toEqual([]);
  expect(await ada.evaluate(() => 'dataLayer' in window)).toBe(false);
  await close();
});
