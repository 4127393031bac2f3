import { expect, test, type Page } from '@playwright/test';
import { graphql, mailsTo, phoneScreenshots, signedInAccount, signedUpAs } from './support';

/** The e2e stack names this address in ADMIN_EMAILS: an instance administrator, who sets plans without Stripe. */
const instanceAdministrator = { email: 'billing-admin@e2e.test', password: 'browser-tests-1' };

const card = (page: Page, plan: string) => page.getByRole('article', { name: plan });

test('plans in each currency and period; an instance administrator sets business and a member’s analytics and storage quota change live', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signedUpAs(admin, { ...instanceAdministrator, firstname: 'Bea', lastname: 'Admin' });
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const memberAccount = await signedInAccount(member, 'Max');
  await graphql(member.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { getTeam } = await graphql<{ getTeam: { id: string } }>(admin.request, '{ getTeam { id } }');
  await graphql(admin.request, 'mutation ($email: String!, $id: ID!) { addUserTeam(email: $email, id: $id) { id } }', {
    email: memberAccount.email,
    id: getTeam.id,
  });
  await graphql(member.request, 'mutation ($team: ID!) { switchTeam(team: $team) { id } }', { team: getTeam.id });

  await member.goto('/overview/preferences/analytics');
  await expect(member.getByText('Analytics are part of the business plan')).toBeVisible();
  // The member also has a space's files open in another tab: its storage bar shows the free plan's quota.
  const { setProject } = await graphql<{ setProject: { id: string } }>(
    admin.request,
    'mutation { setProject(name: "Contracts", type: "public") { id } }',
  );
  await graphql(member.request, 'mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: setProject.id });
  const memberFiles = await memberContext.newPage();
  await memberFiles.goto(`/${setProject.id}/files`);
  const memberStorage = memberFiles.getByRole('meter', { name: 'Storage used' });
  await expect(memberStorage).toHaveAttribute('aria-valuetext', / of 100 MB used$/);

  // The plans page: prices per seat change with the period and the currency; the free plan is the current one.
  await admin.goto('/overview/upgrade');
  await expect(card(admin, 'Free').getByText('Current plan')).toBeVisible();
  await expect(card(admin, 'Starter').getByText('Current plan')).toHaveCount(0);
  const starter = card(admin, 'Starter');
  await expect(starter.getByText('$60', { exact: true })).toBeVisible();
  await expect(starter.getByText('per seat / year')).toBeVisible();
  await admin.getByRole('button', { name: 'Monthly' }).click();
  await expect(starter.getByText('$6', { exact: true })).toBeVisible();
  await expect(starter.getByText('per seat / month')).toBeVisible();
  await admin.getByRole('button', { name: 'EUR' }).click();
  await expect(starter.getByText('€6', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'GBP' }).click();
  await expect(starter.getByText('£5', { exact: true })).toBeVisible();
  await expect(card(admin, 'Unlimited').getByText('£10', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Lifetime' }).click();
  await expect(starter.getByText('£169', { exact: true })).toBeVisible();
  await expect(starter.getByText('per seat, paid once')).toBeVisible();
  await admin.getByRole('button', { name: 'Yearly' }).click();
  await expect(card(admin, 'Business').getByText('£170', { exact: true })).toBeVisible();
  await expect(card(admin, 'Business').getByRole('link', { name: 'Contact sales' })).toBeVisible();
  // The device keeps the currency: a reload opens in pounds.
  await admin.reload();
  await expect(admin.getByRole('button', { name: 'GBP' })).toHaveAttribute('aria-pressed', 'true');
  // Without Stripe nothing charges anyone: no upgrade buttons, and the administrator is shown the way to admin billing.
  await expect(admin.getByText('An administrator of this server sets the plans')).toBeVisible();
  await expect(admin.getByRole('button', { name: /^Upgrade to/ })).toHaveCount(0);
  await admin.screenshot({ path: '/tmp/b3-plans.png', fullPage: true });
  await phoneScreenshots(admin, 'billing-plans');

  await admin.getByRole('link', { name: 'Set the plan in admin billing' }).click();
  const summary = admin.getByRole('definition');
  await expect(summary.filter({ hasText: / of 100 MB$/ })).toBeVisible();
  const form = admin.getByRole('form', { name: "Set the team's plan" });
  await form.getByLabel('Plan', { exact: true }).selectOption('business');
  await form.getByLabel('Seats').fill('5');
  await form.getByRole('button', { name: 'Save plan' }).click();
  await expect(summary.filter({ hasText: /^Business$/ })).toBeVisible();
  await expect(summary.filter({ hasText: '2 of 5 assigned, 3 available' })).toBeVisible();
  // The storage quota follows the plan: 2 TB on business (100 MB on free).
  await expect(summary.filter({ hasText: / of 2 TB$/ })).toBeVisible();
  await admin.getByRole('heading', { name: 'Your plan' }).scrollIntoViewIfNeeded();
  await admin.screenshot({ path: '/tmp/b3-admin-billing.png' });
  await phoneScreenshots(admin, 'billing-admin');

  // The member's open analytics tab unlocks without a reload.
  await expect(member.getByRole('heading', { name: 'Throughput' })).toBeVisible();
  await expect(member.getByText('Analytics are part of the business plan')).toHaveCount(0);
  // And the member's open files page shows business's quota without a reload.
  await expect(memberStorage).toHaveAttribute('aria-valuetext', / of 2 TB used$/);
  await memberFiles.getByTestId('storage').screenshot({ path: '/tmp/b3-member-storage.png' });
  await adminContext.close();
  await memberContext.close();
});

test('contact sales refuses an empty message, then sends the request to the sales address', async ({ page }) => {
  const account = await signedInAccount(page, 'Sal');
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { getClientSettings } = await graphql<{ getClientSettings: { salesEmail: string } }>(
    page.request,
    '{ getClientSettings { salesEmail } }',
  );
  await page.goto('/overview/sales');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Please write your requirements.')).toBeVisible();
  await page.screenshot({ path: '/tmp/b3-sales-form.png' });
  const requirements = `Forty seats of Business for ${account.email}`;
  await page.getByLabel('Your requirements').fill(requirements);
  await page.getByLabel('Company').fill('Harbour Works');
  await page.getByLabel('Seats').fill('40');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Request Send')).toBeVisible();
  await expect(page.getByText('The sales team will be in touch soon.')).toBeVisible();
  await page.screenshot({ path: '/tmp/b3-sales.png', fullPage: true });
  await phoneScreenshots(page, 'billing-sales');
  await expect
    .poll(async () => (await mailsTo(getClientSettings.salesEmail)).some((mail) => mail.text.includes(requirements)), { timeout: 30_000 })
    .toBe(true);
});
