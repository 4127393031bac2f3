/**
 * Calls from a private chat (issue 15): Ada calls Grace from their chat; Grace, elsewhere in the app, accepts from the
 * incoming-call dialog, or does nothing until the ring ends (the test stack rings for 12 s). Two Chromium contexts with
 * fake devices; video is checked by frames that keep arriving on the other side's tile.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectMovingVideo, graphql, joinFromSetUp, twoTeammates } from './support';

async function privateChat(ada: Page, grace: string): Promise<string> {
  const { setPrivat } = await graphql<{ setPrivat: { id: string } }>(
    ada.request,
    'mutation ($users: [ID!]!) { setPrivat(users: $users) { id } }',
    {
      users: [grace],
    },
  );
  return setPrivat.id;
}

/** From the private chat: Start a call, the set-up screen with the camera, then Join now, which rings the other member. */
async function callFromChat(page: Page, privat: string, callee: string) {
  await page.goto(`/chats/${privat}`);
  await page.getByRole('button', { name: 'Start a call' }).click();
  await expect(page).toHaveURL(new RegExp(`/chats/${privat}/call$`));
  await joinFromSetUp(page, `Ready to join ${callee}?`);
}

/**
 * Ada and Grace, signed in, with their private chat open on Grace's page; Ada calls from the chat, then `steps` run.
 * Both contexts are closed afterwards, whatever happens.
 */
async function adaCallsGrace(browser: Browser, steps: (call: { ada: Page; grace: Page; privat: string }) => Promise<void>) {
  const { ada, grace, graceAccount, close } = await twoTeammates(browser);
  try {
    const privat = await privateChat(ada, graceAccount.userId);
    await grace.goto(`/chats/${privat}`);
    await expect(grace.getByRole('region', { name: 'Conversation' })).toBeVisible();
    await callFromChat(ada, privat, 'Grace User');
    await steps({ ada, grace, privat });
  } finally {
    await close();
  }
}

/** The chat's call entries with this summary, started by Ada ("You" on her own page). */
const entries = (page: Page, summary: string) =>
  page
    .getByRole('region', { name: 'Conversation' })
    .getByRole('article', { name: new RegExp(`^${summary}, started by (Ada User|You) at`) });

test('Ada calls Grace from their private chat, Grace accepts, both receive each other’s moving video, and the call shows in the chat', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await adaCallsGrace(browser, async ({ ada, grace, privat }) => {
    await expect(ada.getByRole('status').filter({ hasText: 'Ringing Grace User…' })).toBeVisible();
    await ada.screenshot({ path: test.info().outputPath('ringing.png') });

    const incoming = grace.getByRole('dialog', { name: 'Incoming call' });
    await expect(incoming).toContainText('Ada User is calling you');
    await incoming.getByRole('button', { name: 'Accept' }).click();
    await expect(grace).toHaveURL(new RegExp(`/chats/${privat}/call\\?answered=`));
    await expect(grace.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();

    await expectMovingVideo(ada.getByRole('figure', { name: 'Grace User', exact: true }));
    await expectMovingVideo(grace.getByRole('figure', { name: 'Ada User', exact: true }));
    await expect(ada.getByText('Ringing Grace User…')).toHaveCount(0);
    await expect(ada.getByText('2 participants')).toBeVisible();
    await ada.screenshot({ path: test.info().outputPath('in-call.png') });

    // Ada hangs up: both are back in the chat (a one-to-one call is over when the other hangs up), which shows the call.
    await ada.getByRole('button', { name: 'Leave' }).click();
    await expect(ada).toHaveURL(new RegExp(`/chats/${privat}$`));
    await expect(grace).toHaveURL(new RegExp(`/chats/${privat}$`));
    await expect(entries(ada, 'Call · [^,]+')).toHaveCount(1);
    await expect(entries(grace, 'Call · [^,]+')).toHaveCount(1);
  });
});

test('an unanswered call says no answer on the caller’s page and shows as missed in the chat for both', async ({ browser }) => {
  test.setTimeout(90_000);
  await adaCallsGrace(browser, async ({ ada, grace, privat }) => {
    await expect(ada.getByText('Ringing Grace User…')).toBeVisible();
    // The ringing call and what follows it on a phone, in the dark theme.
    await ada.setViewportSize({ width: 390, height: 844 });
    await ada.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await ada.screenshot({ path: test.info().outputPath('ringing-phone-dark.png') });
    const incoming = grace.getByRole('dialog', { name: 'Incoming call' });
    await expect(incoming).toContainText('Ada User is calling you');

    // Nobody answers: after the ring time (12 s here) Ada's page says so and has left the call; Grace's dialog goes.
    await expect(ada.getByRole('heading', { name: 'No answer' })).toBeVisible({ timeout: 30_000 });
    await expect(ada.getByText('Grace User did not answer the call.')).toBeVisible();
    await expect(incoming).toBeHidden();
    await ada.screenshot({ path: test.info().outputPath('no-answer.png') });

    await ada.getByRole('link', { name: 'Back to the chat' }).click();
    await expect(ada).toHaveURL(new RegExp(`/chats/${privat}$`));
    await expect(entries(ada, 'Missed call')).toHaveCount(1);
    await expect(entries(grace, 'Missed call')).toHaveCount(1);
  });
});

test('a declined call says so on the caller’s page, which leaves the call, and shows as missed in the chat', async ({ browser }) => {
  test.setTimeout(90_000);
  await adaCallsGrace(browser, async ({ ada, grace }) => {
    const incoming = grace.getByRole('dialog', { name: 'Incoming call' });
    await incoming.getByRole('button', { name: 'Decline' }).click();
    await expect(incoming).toBeHidden();

    await expect(ada.getByRole('heading', { name: 'Grace User declined' })).toBeVisible();
    await expect(entries(grace, 'Missed call')).toHaveCount(1);
    await ada.getByRole('link', { name: 'Back to the chat' }).click();
    await expect(entries(ada, 'Missed call')).toHaveCount(1);
  });
});
