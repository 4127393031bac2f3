import { expect, test, type Page } from '@playwright/test';
import { graphql, twoTeammates } from './support';

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const history = (page: Page) => page.getByRole('log');
const chip = (page: Page) => composer(page).locator('[data-mention]');

/** A typing signal the page sends: a start, or (stopped) a stop. */
function typingSignal(page: Page, stopped: boolean) {
  return page.waitForRequest((request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return false;
    const body = request.postDataJSON() as { query?: string; variables?: { stopped?: boolean } } | null;
    return Boolean(body?.query?.includes('typingMessage')) && (body?.variables?.stopped === true) === stopped;
  });
}

test('a mention is a chip in the composer and reaches the other person as a mention, with the same body as before', async ({ browser }) => {
  const { ada, grace, graceAccount, space, close } = await twoTeammates(browser);
  await ada.goto(`/chats/${space}`);
  await grace.goto(`/chats/${space}`);
  await expect(composer(grace)).toBeVisible();

  await composer(ada).pressSequentially('Ping @Gra');
  await ada.getByRole('option', { name: /Grace/ }).click();
  // A chip, never the markup.
  await expect(chip(ada)).toHaveText('@Grace User');
  await expect(composer(ada)).not.toContainText('](');
  await composer(ada).pressSequentially(' please review');
  await composer(ada).press('Enter');

  const message = history(grace).getByRole('article').filter({ hasText: 'please review' });
  await expect(message.locator('[data-mention]', { hasText: 'Grace User' })).toBeVisible();
  await expect(composer(ada)).toHaveText('');
  const { getMessages } = await graphql<{ getMessages: { body: string }[] }>(
    ada.request,
    'query ($project: ID) { getMessages(project: $project, first: 1) { body } }',
    { project: space },
  );
  expect(getMessages[0]?.body).toBe(`Ping @[Grace User](${graceAccount.userId}) please review`);

  // Backspace takes the chip away whole.
  await composer(ada).pressSequentially('cc @Gra');
  await ada.getByRole('option', { name: /Grace/ }).click();
  await expect(chip(ada)).toHaveCount(1);
  await composer(ada).press('Backspace');
  await composer(ada).press('Backspace');
  await expect(chip(ada)).toHaveCount(0);
  await expect(composer(ada)).toHaveText('cc ');
  await close();
});

test('the other person sees typing on the first keystroke after a send, and it goes away when the text is cleared', async ({ browser }) => {
  const { ada, grace, space, close } = await twoTeammates(browser);
  await ada.goto(`/chats/${space}`);
  await grace.goto(`/chats/${space}`);
  await expect(composer(grace)).toBeVisible();
  const typing = grace.getByText('Ada User is typing…');

  await composer(ada).pressSequentially('first');
  await expect(typing).toBeVisible();
  await composer(ada).press('Enter');
  await expect(history(grace).getByText('first')).toBeVisible();
  await expect(typing).toBeHidden();

  // One keystroke, right after the send: before the throttle was reset by sending, it said nothing.
  const started = typingSignal(ada, false);
  await composer(ada).press('x');
  await started;
  await expect(typing).toBeVisible();

  // Clearing the text sends an explicit stop; without it the indicator lingered for six seconds.
  const stopped = typingSignal(ada, true);
  await composer(ada).press('Backspace');
  await stopped;
  await expect(typing).toBeHidden({ timeout: 4_000 });
  await close();
});

test('a draft survives a reload, chips included, and signing out removes it', async ({ browser }) => {
  const { ada, space, close } = await twoTeammates(browser);
  await ada.goto(`/chats/${space}`);
  await composer(ada).pressSequentially('Half written for @Gra');
  await ada.getByRole('option', { name: /Grace/ }).click();
  await composer(ada).pressSequentially('to read');
  await expect(composer(ada)).toHaveText('Half written for @Grace User to read');

  await ada.reload();
  await expect(composer(ada)).toHaveText('Half written for @Grace User to read');
  await expect(chip(ada)).toHaveText('@Grace User');

  await ada.getByRole('button', { name: 'Log out' }).click();
  await expect(ada).toHaveURL(/\/signin/);
  expect(await ada.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('chat.draft:')))).toEqual([]);
  await close();
});

test("a space's messages open its channel, and the sidebar has one Chats entry", async ({ browser }) => {
  const { ada, space, close } = await twoTeammates(browser);
  await ada.goto(`/${space}/messages`);
  await expect(ada).toHaveURL(new RegExp(`/chats/${space}$`));
  await expect(ada.getByRole('heading', { name: 'Launch' })).toBeVisible();
  await expect(composer(ada)).toBeVisible();

  await ada.goto(`/${space}`);
  const navigation = ada.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Messages' })).toHaveCount(0);
  await navigation.getByRole('link', { name: 'Chats' }).click();
  await expect(ada).toHaveURL(new RegExp(`/chats/${space}$`));
  await expect(ada.getByRole('heading', { name: 'Launch' })).toBeVisible();
  await expect(ada.getByRole('tab', { name: 'Spaces' })).toHaveAttribute('aria-selected', 'true');
  await close();
});
