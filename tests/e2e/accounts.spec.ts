import { expect, test } from '@playwright/test';
import { uniqueEmail, waitForLink } from './support';

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
  await page.getByRole('link', { name: 'Go to your dashboard' }).or(page.getByRole('button', { name: 'Go to your dashboard' })).click();
  await expect(page).toHaveURL(/\/overview/);

  await page.getByRole('button', { name: 'Log out' }).or(page.getByRole('link', { name: 'Log out' })).first().click();
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
  await page.getByRole('link', { name: 'Sign in' }).or(page.getByRole('button', { name: 'Sign in' })).first().click();

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
  await page.getByRole('link', { name: 'Go to your dashboard' }).or(page.getByRole('button', { name: 'Go to your dashboard' })).click();
  await expect(page).toHaveURL(/\/overview/);
});
