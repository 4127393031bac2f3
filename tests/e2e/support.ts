import type { APIRequestContext, Browser, Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { e2ePorts } from './ports';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** Mails the stack's SMTP server received for `to`, newest first. */
export async function mailsTo(to: string): Promise<ReceivedMail[]> {
  const response = await fetch(`http://127.0.0.1:${e2ePorts.mailbox}/mails?to=${encodeURIComponent(to)}`);
  return (await response.json()) as ReceivedMail[];
}

/** Waits for a mail to `to` containing a link to `path`, and returns that link (the mail goes through SMTP and a parser in the busy stack process). */
export async function waitForLink(to: string, path: string, timeoutMs = 30_000): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?\\S+`);
  while (Date.now() < deadline) {
    for (const mail of await mailsTo(to)) {
      const match = pattern.exec(mail.text);
      if (match) return new URL(match[0]);
    }
    // The mail usually lands within milliseconds of the operation that sent it: ask again soon.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail with a ${path} link reached ${to}`);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Runs one GraphQL operation with the page's cookies; throws with the server's messages on errors. */
export async function graphql<T = Record<string, unknown>>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await request.post('/graphql', { data: { query, variables }, headers: { 'content-type': 'application/json' } });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(`${query.slice(0, 40)}: ${body.errors.map((error) => error.message).join('; ')}`);
  return body.data as T;
}

/**
 * A confirmed, signed-in account for tests that are not about signing up: registers through the
 * API, follows the link from the real mail, and leaves the session cookies in the page's context.
 */
export async function signedInAccount(page: Page, firstname = 'Test') {
  const email = uniqueEmail(firstname.toLowerCase());
  const password = 'browser-tests-1';
  await graphql(
    page.request,
    'mutation ($email: String!, $password: String!, $firstname: String!) { setUserBasic(firstname: $firstname, lastname: "User", email: $email, password: $password) { email } }',
    { email, password, firstname },
  );
  const link = await waitForLink(email, '/signup/verify');
  const verified = await graphql<{ verifyAccount: { user: { id: string } } }>(
    page.request,
    'query ($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { user { id } } }',
    {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
    },
  );
  return { email, password, firstname, userId: verified.verifyAccount.user.id };
}

/** The analytics page titles pushed so far (SPEC §2, §7). */
export function pageTitles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: { pageTitle?: string }[] }).dataLayer ?? []).flatMap((entry) =>
      entry.pageTitle ? [entry.pageTitle] : [],
    ),
  );
}

/** A new doc of the space, made through GraphQL as the page's user: its id. */
export async function newDoc(page: Page, space: string, title: string): Promise<string> {
  const { setWorkspace } = await graphql<{ setWorkspace: { id: string } }>(
    page.request,
    'mutation ($project: ID!, $title: String!) { setWorkspace(project: $project, title: $title) { id } }',
    { project: space, title },
  );
  return setWorkspace.id;
}

/** A doc page's editor. */
export const docEditor = (page: Page) => page.getByLabel('Doc content');

/**
 * The text of the doc open on the page without the teammates' carets, whose name labels sit inside
 * the text they point into ("TGrace Userhanks"); poll it: `expect.poll(() => docText(page)).toContain(…)`.
 */
export const docText = (page: Page) =>
  docEditor(page).evaluate((editor) => {
    const copy = editor.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll('.collaboration-carets__caret')) caret.remove();
    return copy.textContent ?? '';
  });

/** Types at the end of the doc open on the page, in a paragraph of its own when asked. */
export async function typeAtEnd(page: Page, text: string, { newParagraph = false } = {}): Promise<void> {
  await docEditor(page).click();
  await page.keyboard.press('Control+End');
  if (newParagraph) await page.keyboard.press('Enter');
  await page.keyboard.type(text);
}

/**
 * Two teammates, each in their own browser, both members of one public space ("Launch") of the
 * first one's team, with onboarding done. `addresses` puts each browser on an app of its own (several processes).
 */
export async function twoTeammates(browser: Browser, addresses?: { ada: string; grace: string }) {
  const [adaContext, graceContext] = await Promise.all([
    browser.newContext(addresses ? { baseURL: addresses.ada } : {}),
    browser.newContext(addresses ? { baseURL: addresses.grace } : {}),
  ]);
  const [ada, grace] = await Promise.all([adaContext.newPage(), graceContext.newPage()]);
  // Two people who do not wait for each other: each signs up and waits for its own mail at the same time.
  const [adaAccount, graceAccount] = await Promise.all([signedInAccount(ada, 'Ada'), signedInAccount(grace, 'Grace')]);
  await Promise.all(
    [ada, grace].map((page) => graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }')),
  );

  const { getTeam } = await graphql<{ getTeam: { id: string } }>(ada.request, '{ getTeam { id } }');
  await graphql(ada.request, 'mutation ($email: String!, $id: ID!) { addUserTeam(email: $email, id: $id) { id } }', {
    email: graceAccount.email,
    id: getTeam.id,
  });
  await graphql(grace.request, 'mutation ($team: ID!) { switchTeam(team: $team) { id } }', { team: getTeam.id });
  const { setProject } = await graphql<{ setProject: { id: string } }>(
    ada.request,
    'mutation { setProject(name: "Launch", type: "public") { id } }',
  );
  await graphql(grace.request, 'mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: setProject.id });
  return {
    ada,
    grace,
    adaAccount,
    graceAccount,
    space: setProject.id,
    close: async () => {
      await adaContext.close();
      await graceContext.close();
    },
  };
}

/** Stops or starts the app of the browser-test stack (same data), to test recovery from a restart. */
export async function controlApp(action: 'stop' | 'start'): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${e2ePorts.mailbox}/control/app/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not ${action} the app: ${await response.text()}`);
}

/** A new instance with no account and no mail server (POST /control/fresh of the stack), and the set-up link it prints. */
export async function freshInstance(): Promise<{ url: string; setUpLink: string }> {
  const response = await fetch(`http://127.0.0.1:${e2ePorts.mailbox}/control/fresh`, { method: 'POST' });
  if (!response.ok) throw new Error(`could not start a fresh instance: ${await response.text()}`);
  const fresh = (await response.json()) as { url: string; setUpLink: string | null };
  if (!fresh.setUpLink) throw new Error('the fresh instance printed no set-up link');
  return { url: fresh.url, setUpLink: fresh.setUpLink };
}

/**
 * Light and dark screenshots of the page at phone width (390 px) into E2E_SHOTS_DIR, when it is set:
 * `<name>-light.png` and `<name>-dark.png`. The page's size and light theme are put back afterwards.
 */
export async function phoneScreenshots(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SHOTS_DIR;
  if (!folder) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
    await page.screenshot({ path: `${folder}/${name}-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  if (size) await page.setViewportSize(size);
}

import { expect, type Locator } from '@playwright/test';

/** How many new frames a call tile's video draws within two seconds (0 when none arrive). */
export function framesDrawn(tile: Locator): Promise<number> {
  return tile.locator('video').evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        let frames = 0;
        const count = () => {
          frames += 1;
          video.requestVideoFrameCallback(count);
        };
        video.requestVideoFrameCallback(count);
        setTimeout(() => resolve(frames), 2000);
      }),
  );
}

/** A call tile receives video that keeps moving: frames arrive and advance. */
export async function expectMovingVideo(tile: Locator): Promise<void> {
  await expect(tile).toBeVisible();
  await expect.poll(() => framesDrawn(tile), { timeout: 30_000 }).toBeGreaterThan(5);
}

/** On a call's set-up screen: once the camera is on, Join now, then waits for the call's controls. */
export async function joinFromSetUp(page: Page, heading: string | RegExp = /^Ready to join/): Promise<void> {
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Camera' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();
}

/** A guest's browser opens a room's guest link and asks to join under this name; what it is answered is the test's to check. */
export async function askToJoinAsGuest(guest: Page, guestLink: string, name: string): Promise<void> {
  const link = new URL(guestLink);
  await guest.goto(`${link.pathname}${link.search}`);
  await guest.getByLabel('Your name').fill(name);
  await guest.getByRole('button', { name: 'Ask to join' }).click();
}

/**
 * After a keyboard drag's "Picked up" announcement: waits until dnd-kit listens for the arrow keys. Its keyboard
 * sensor adds that listener in a zero-delay timer scheduled when the drag starts, which can fire after the
 * announcement is shown; a timer the page schedules now fires after it, so an arrow key pressed then is heard.
 */
export async function untilDragListens(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** A one-page PDF whose page says `text` (Helvetica, so pdftotext reads it back). */
export function pdfSaying(text: string, fontSize = 24): Buffer {
  const content = `BT /F1 ${fontSize} Tf 60 700 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.7\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The text of the QR code in a PNG screenshot, read the way a phone's camera app would (jsQR); null when none is found. */
export async function decodedQrCode(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/**
 * Signs `page`'s context up as a named person through the API, confirms the address from the real mail, and ends
 * onboarding: for people a test needs at a fixed address (the instance administrators the stack's ADMIN_EMAILS names).
 */
export async function signedUpAs(
  page: Page,
  person: { email: string; password: string; firstname: string; lastname: string },
): Promise<void> {
  await graphql(
    page.request,
    'mutation ($email: String!, $password: String!, $firstname: String!, $lastname: String!) { setUserBasic(firstname: $firstname, lastname: $lastname, email: $email, password: $password) { email } }',
    person,
  );
  const link = await waitForLink(person.email, '/signup/verify');
  await graphql(page.request, 'query ($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { user { id } } }', {
    email: link.searchParams.get('email'),
    token: link.searchParams.get('token'),
  });
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
}
