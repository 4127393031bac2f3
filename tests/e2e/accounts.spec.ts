import { expect, test } from '@playwright/test';
import { graphql, signedInAccount, uniqueEmail, waitForLink } from './support';

test('a person signs up, confirms the mailed link, signs out, recovers the password and signs in with the new one', async ({ page }) => {
  const email = uniqueEmail('journey');

  await page.goto('/signup/user/');
  await page.getByLabel('First name').fill('Jo');
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-password1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup\/verify\?email=/);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const verification = await waitForLink(email, '/signup/verify');
  await page.goto(verification.pathname + verification.search);
  await expect(page.getByRole('heading', { name: "You're all set" })).toBeVisible();
  await page
    .getByRole('link', { name: 'Go to your dashboard' })
    .or(page.getByRole('button', { name: 'Go to your dashboard' }))
    .click();
  await expect(page).toHaveURL(/\/overview/);

  await page
    .getByRole('button', { name: 'Log out' })
    .or(page.getByRole('link', { name: 'Log out' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/signin/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const recovery = await waitForLink(email, '/signup/recover');
  await page.goto(recovery.pathname + recovery.search);
  await page.getByLabel('New password', { exact: true }).fill('second-password2');
  await page.getByLabel('Confirm new password', { exact: true }).fill('second-password2');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();
  await page
    .getByRole('link', { name: 'Sign in' })
    .or(page.getByRole('button', { name: 'Sign in' }))
    .first()
    .click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-password1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong e-mail or password.').or(page.getByText('Wrong email or password.'))).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('second-password2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/overview/);
});

test('a person signs in through the OpenID Connect provider and lands in a new workspace', async ({ page }) => {
  const email = uniqueEmail('social');
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Continue with Google' }).click();

  // The identity provider's own login and consent pages.
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(/\/signup\/finish\?new=1/);
  await expect(page.getByRole('heading', { name: "You're all set" })).toBeVisible();
  await page
    .getByRole('link', { name: 'Go to your dashboard' })
    .or(page.getByRole('button', { name: 'Go to your dashboard' }))
    .click();
  await expect(page).toHaveURL(/\/overview/);
});

test('a signed-out person opening a task link signs in and lands on that task, not on Home', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signedInAccount(page, 'Returner');
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { getProjects } = await graphql<{ getProjects: { id: string; isPersonal: boolean }[] }>(
    page.request,
    '{ getProjects { id isPersonal } }',
  );
  const space = getProjects.find((project) => project.isPersonal)!.id;
  const { setTask } = await graphql<{ setTask: { id: string } }>(
    page.request,
    'mutation ($project: ID!) { setTask(project: $project, name: "Review the launch plan") { id } }',
    { project: space },
  );
  await context.clearCookies();

  const taskPage = `/${space}/tasks/d/${setTask.id}`;
  await page.goto(taskPage);
  await expect(page).toHaveURL(`/signin?next=${encodeURIComponent(taskPage)}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(taskPage);
  await expect(page.getByRole('complementary', { name: 'Task details' }).getByRole('textbox', { name: 'Name' })).toHaveValue(
    'Review the launch plan',
  );

  // A next that leads elsewhere is ignored: signing in lands on Home.
  await context.clearCookies();
  await page.goto('/signin?next=%2F%2Fevil.example%2F');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await context.close();
});

test('a signed-out person opening a doc link signs in with the OpenID Connect provider and lands on that doc', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail('social-return');
  // A first sign-in with the provider makes the account; onboarding is done so the page itself shows.
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/signup\/finish\?new=1/);
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { getProjects } = await graphql<{ getProjects: { id: string; isPersonal: boolean }[] }>(
    page.request,
    '{ getProjects { id isPersonal } }',
  );
  const space = getProjects.find((project) => project.isPersonal)!.id;
  const { setWorkspace } = await graphql<{ setWorkspace: { id: string } }>(
    page.request,
    'mutation ($project: ID!) { setWorkspace(project: $project, title: "Field notes") { id } }',
    { project: space },
  );
  await context.clearCookies();

  const docPage = `/${space}/docs/d/${setWorkspace.id}`;
  await page.goto(docPage);
  await expect(page).toHaveURL(`/signin?next=${encodeURIComponent(docPage)}`);
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  // The provider's cookies went too: its login and consent pages again.
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(docPage);
  await context.close();
});
