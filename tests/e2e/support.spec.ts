import { expect, test } from '@playwright/test';
import { graphql, phoneScreenshots, signedInAccount, signedUpAs } from './support';

/** The e2e stack's ADMIN_EMAILS names this address: it is the instance's support team. */
const supportAdministrator = { email: 'support-admin@e2e.test', password: 'browser-tests-1' };

test('a member writes to live support; the instance administrator sees it live and answers; the member sees the answer live', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signedUpAs(admin, { ...supportAdministrator, firstname: 'Sam', lastname: 'Helper' });
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signedInAccount(member, 'Mia');
  await graphql(member.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');

  // Both pages are open before anything is written: what follows arrives live.
  await admin.goto('/overview/support');
  await expect(admin.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await member.goto('/overview/support');
  await expect(member.getByText('No messages yet. Ask a question and the support team will answer here.')).toBeVisible();

  const memberComposer = member.getByRole('textbox', { name: 'Message' });
  await memberComposer.fill('How do I **export** a board?');
  await memberComposer.press('Enter');
  const memberMessages = member.getByRole('list', { name: 'Messages' });
  await expect(memberMessages.getByText('export', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
  await expect(memberComposer).toHaveValue('');

  const thread = admin.getByRole('button', { name: /Mia User/ });
  await expect(thread).toBeVisible();
  await expect(thread.getByLabel('1 unread message')).toBeVisible();
  await thread.click();
  await expect(admin.getByRole('list', { name: 'Messages' }).getByText(/How do I/)).toBeVisible();
  // Opening it reads it for the support team: the count goes away.
  await expect(thread.getByLabel('1 unread message')).toHaveCount(0);

  const adminComposer = admin.getByRole('textbox', { name: 'Message' });
  await adminComposer.fill('Open the board menu, then choose Export.');
  await adminComposer.press('Enter');
  await expect(memberMessages.getByText('Open the board menu, then choose Export.')).toBeVisible();
  await expect(memberMessages.getByText('Sam Helper (support team)')).toBeVisible();

  await phoneScreenshots(member, 'support-member');
  await phoneScreenshots(admin, 'support-admin');
  await adminContext.close();
  await memberContext.close();
});
