import { expect, test, type Page } from '@playwright/test';
import { mailsTo, phoneScreenshots as screenshots, signedInAccount, uniqueEmail } from './support';

/** SPEC §6: the words a user without rights sees, exactly. */
const permissionMessage = "You don't have permission to manage this project. Ask the creator for permissions.";

/** The invitation link of the newest mail to `to` (`/signup/user/i/<invitation>?email=…&token=…`), once it has arrived. */
async function invitationLink(to: string): Promise<URL> {
  let link: URL | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of await mailsTo(to)) {
          const match = /https?:\/\/\S+\/signup\/user\/i\/\S+/.exec(mail.text);
          if (match) {
            link = new URL(match[0]);
            break;
          }
        }
        return link?.pathname;
      },
      { message: `an invitation mail reaches ${to}`, timeout: 15_000 },
    )
    .toMatch(/^\/signup\/user\/i\/[0-9a-f]{24}$/);
  return link!;
}

/** The welcome flow opens on a first visit to the dashboard; these tests are about what comes after it. */
async function skipWelcome(page: Page) {
  await page.getByRole('button', { name: 'Skip setup' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Workspace' })).toBeHidden();
}

test('an admin invites a teammate who signs up from the mail, appears live, and after a demotion is refused with the permission message', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const memberContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const member = await memberContext.newPage();
  const teamName = `Acme ${Date.now().toString(36)}`;
  const memberEmail = uniqueEmail('bob');

  // The admin creates a team and a space in it.
  await signedInAccount(admin, 'Admin');
  await admin.goto('/overview');
  await skipWelcome(admin);
  await admin.getByRole('button', { name: /^Team menu/ }).click();
  await admin.getByRole('menuitem', { name: 'Create a team' }).click();
  await admin.getByRole('dialog', { name: 'Create a team' }).getByLabel('Team name').fill(teamName);
  await admin.getByRole('button', { name: 'Create team' }).click();
  await expect(admin.getByRole('button', { name: `Team menu: ${teamName}` })).toBeVisible();

  await admin.getByRole('button', { name: 'New space' }).click();
  const newSpace = admin.getByRole('dialog', { name: 'New space' });
  await newSpace.getByLabel('Name', { exact: true }).fill('Roadmap');
  await newSpace.getByRole('radio', { name: 'Pink' }).check();
  await newSpace.getByRole('button', { name: 'Create space' }).click();
  await expect(admin).toHaveURL(/\/[0-9a-f]{24}$/);
  await expect(admin.getByRole('link', { name: 'Roadmap' })).toBeVisible();

  // It invites the second user by e-mail, as an admin of the team, into the space.
  await admin.getByRole('link', { name: 'Preferences' }).click();
  await admin.getByRole('navigation', { name: 'Preferences sections' }).getByRole('link', { name: 'Team', exact: true }).click();
  const invite = admin.getByRole('form', { name: 'Invite people' });
  await invite.getByLabel('Email address').fill(memberEmail);
  await invite.getByLabel('Role').selectOption('admin');
  await invite.getByLabel('Space (optional)').selectOption({ label: 'Roadmap' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByRole('list', { name: 'Invitations waiting for an answer' })).toContainText(memberEmail);
  const members = admin.getByRole('list', { name: 'Team members' });
  await expect(members).not.toContainText('Bob Byron');

  // The second user signs up from the invitation mail: the link proved the address, so no second mail.
  const link = await invitationLink(memberEmail);
  await member.goto(link.pathname + link.search);
  await member.getByLabel('First name').fill('Bob');
  await member.getByLabel('Last name').fill('Byron');
  await expect(member.getByLabel('Email')).toHaveValue(memberEmail);
  await member.getByLabel('Password', { exact: true }).fill('browser-tests-1');
  await member.getByRole('button', { name: 'Create account' }).click();
  await expect(member.getByRole('heading', { name: "You're all set" })).toBeVisible();
  await member.getByRole('button', { name: 'Go to your dashboard' }).click();
  await expect(member).toHaveURL(/\/overview/);
  await skipWelcome(member);
  await expect(member.getByRole('button', { name: `Team menu: ${teamName}` })).toBeVisible();

  // The admin's open page shows the new member without a reload, and the invitation is no longer waiting.
  await expect(members).toContainText('Bob Byron');
  await expect(admin.getByRole('list', { name: 'Invitations waiting for an answer' })).toHaveCount(0);

  // The member opens the space's settings while still a team admin…
  await member.getByRole('button', { name: 'Settings of Roadmap' }).click();
  const settings = member.getByRole('dialog', { name: 'Roadmap settings' });
  await expect(settings.getByLabel('Name', { exact: true })).toBeEditable();

  // …the admin demotes them to basic…
  await admin.getByLabel('Role of Bob Byron').selectOption('basic');
  await expect(admin.getByText('Bob Byron is now Basic.', { exact: true })).toBeVisible();

  // …and their next admin action is refused with the exact message.
  await settings.getByLabel('Name', { exact: true }).fill('Roadmap 2026');
  await settings.getByRole('button', { name: 'Save changes' }).click();
  await expect(settings.getByText(permissionMessage, { exact: true })).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(admin.getByRole('link', { name: 'Roadmap' })).toBeVisible();

  expect((await mailsTo(memberEmail)).filter((mail) => mail.text.includes('/signup/verify'))).toEqual([]);

  await adminContext.close();
  await memberContext.close();
});

test('an admin resends and withdraws waiting invitations; the old and the withdrawn links say why they no longer work', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signedInAccount(admin, 'Inviter');
  await admin.goto('/overview');
  await skipWelcome(admin);
  await admin.getByRole('link', { name: 'Preferences' }).click();
  await admin.getByRole('navigation', { name: 'Preferences sections' }).getByRole('link', { name: 'Team', exact: true }).click();
  const invite = admin.getByRole('form', { name: 'Invite people' });
  const waiting = admin.getByRole('list', { name: 'Invitations waiting for an answer' });
  const resentEmail = uniqueEmail('resent');
  const withdrawnEmail = uniqueEmail('withdrawn');
  for (const email of [resentEmail, withdrawnEmail]) {
    await invite.getByLabel('Email address').fill(email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(waiting).toContainText(email);
  }
  const firstLink = await invitationLink(resentEmail);
  const withdrawnLink = await invitationLink(withdrawnEmail);
  // With a mail server, links go to the invitees' mailboxes only.
  await expect(admin.getByRole('button', { name: /^Copy the invitation link/ })).toHaveCount(0);
  await screenshots(admin, 'invitations-waiting');

  await admin.getByRole('button', { name: `Resend the invitation to ${resentEmail}` }).click();
  await expect(admin.getByText(`A new invitation is on its way to ${resentEmail}.`, { exact: false }).first()).toBeVisible();
  await expect.poll(async () => (await mailsTo(resentEmail)).length).toBe(2);
  const secondLink = await invitationLink(resentEmail);
  expect(secondLink.pathname).not.toBe(firstLink.pathname);

  await admin.getByRole('button', { name: `Withdraw the invitation to ${withdrawnEmail}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Withdraw this invitation?' });
  await expect(confirm).toContainText(withdrawnEmail);
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(waiting).not.toContainText(withdrawnEmail);
  await expect(waiting).toContainText(resentEmail);

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  for (const [link, message] of [
    [withdrawnLink, 'This invitation was withdrawn. Ask the team for a new one.'],
    [firstLink, 'This invitation is no longer valid. Ask for a new one.'],
  ] as const) {
    await invitee.goto(link.pathname + link.search);
    await invitee.getByLabel('First name').fill('Late');
    await invitee.getByLabel('Last name').fill('Comer');
    await invitee.getByLabel('Password', { exact: true }).fill('browser-tests-1');
    await invitee.getByRole('button', { name: 'Create account' }).click();
    await expect(invitee.getByRole('alert')).toHaveText(message);
  }
  await adminContext.close();
  await inviteeContext.close();
});
