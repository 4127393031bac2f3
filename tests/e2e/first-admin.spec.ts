import { expect, test, type Page } from '@playwright/test';
import { freshInstance, phoneScreenshots as screenshots, uniqueEmail } from './support';

async function skipWelcome(page: Page) {
  await page.getByRole('button', { name: 'Skip setup' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Workspace' })).toBeHidden();
}

test('on a fresh instance without mail, the first administrator comes in through the set-up link and lets a teammate in with a copied link', async ({
  browser,
}) => {
  const fresh = await freshInstance();
  const teamName = `Lighthouse ${Date.now().toString(36)}`;
  const adminEmail = uniqueEmail('first-admin');
  const adminContext = await browser.newContext({ baseURL: fresh.url, permissions: ['clipboard-read', 'clipboard-write'] });
  const admin = await adminContext.newPage();

  // The link the server printed opens the set-up page.
  await admin.goto(fresh.setUpLink);
  await expect(admin.getByRole('heading', { name: 'Set up your workspace' })).toBeVisible();
  await screenshots(admin, 'setup-form');
  await admin.getByLabel('First name').fill('Grace');
  await admin.getByLabel('Last name').fill('Hopper');
  await admin.getByLabel('Email').fill(adminEmail);
  await admin.getByLabel('Password', { exact: true }).fill('first-admin-1');
  await admin.getByLabel('Team name').fill(teamName);
  await admin.getByRole('button', { name: 'Create workspace' }).click();

  // In at once: no mail to confirm, straight to the welcome and the dashboard of the named team.
  await expect(admin.getByRole('heading', { name: "You're all set" })).toBeVisible();
  await admin.getByRole('button', { name: 'Go to your dashboard' }).click();
  await expect(admin).toHaveURL(/\/overview/);
  await skipWelcome(admin);
  await expect(admin.getByRole('button', { name: `Team menu: ${teamName}` })).toBeVisible();

  // The link works once.
  const laterContext = await browser.newContext({ baseURL: fresh.url });
  const later = await laterContext.newPage();
  await later.goto(fresh.setUpLink);
  await expect(later.getByRole('heading', { name: 'This set-up link no longer works' })).toBeVisible();
  await screenshots(later, 'setup-spent');

  // Without a mail server, the administrator copies the invitation link and passes it on.
  const teammateEmail = uniqueEmail('teammate');
  await admin.getByRole('link', { name: 'Preferences' }).click();
  await admin.getByRole('navigation', { name: 'Preferences sections' }).getByRole('link', { name: 'Team', exact: true }).click();
  const invite = admin.getByRole('form', { name: 'Invite people' });
  await invite.getByLabel('Email address').fill(teammateEmail);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const waiting = admin.getByRole('list', { name: 'Invitations waiting for an answer' });
  await expect(waiting).toContainText(teammateEmail);
  await expect(admin.getByText('No mail server is set up, so invitations are not mailed.', { exact: false })).toBeVisible();
  await admin.getByRole('button', { name: `Copy the invitation link for ${teammateEmail}` }).click();
  await expect(admin.getByText(`Invitation link copied. Send it to ${teammateEmail} yourself`, { exact: false }).first()).toBeVisible();
  const link = new URL(await admin.evaluate(() => navigator.clipboard.readText()));
  expect(link.pathname).toMatch(/^\/signup\/user\/i\/[0-9a-f]{24}$/);
  // The toasts are dismissed so the screenshot shows the list.
  const dismiss = admin.getByRole('button', { name: 'Dismiss notification' });
  await expect(async () => {
    if ((await dismiss.count()) > 0) await dismiss.first().click({ timeout: 1000 });
    await expect(dismiss).toHaveCount(0, { timeout: 100 });
  }).toPass();
  await waiting.scrollIntoViewIfNeeded();
  await screenshots(admin, 'invitations-without-mail');

  // The teammate opens it and is in the team at once, with no mail to confirm.
  const teammateContext = await browser.newContext({ baseURL: fresh.url });
  const teammate = await teammateContext.newPage();
  await teammate.goto(link.pathname + link.search);
  await expect(teammate.getByLabel('Email')).toHaveValue(teammateEmail);
  await teammate.getByLabel('First name').fill('Ada');
  await teammate.getByLabel('Last name').fill('Lovelace');
  await teammate.getByLabel('Password', { exact: true }).fill('teammate-pass-1');
  await teammate.getByRole('button', { name: 'Create account' }).click();
  await expect(teammate.getByRole('heading', { name: "You're all set" })).toBeVisible();
  await teammate.getByRole('button', { name: 'Go to your dashboard' }).click();
  await skipWelcome(teammate);
  await expect(teammate.getByRole('button', { name: `Team menu: ${teamName}` })).toBeVisible();
  await expect(waiting).toHaveCount(0);

  for (const context of [adminContext, laterContext, teammateContext]) await context.close();
});
