import { expect, test, type Locator, type Page } from '@playwright/test';
import { graphql, signedInAccount, untilDragListens } from './support';

/**
 * Issue 25's keyboard-only journey: sign in, open a space and create tasks, open one and close its
 * panel, move a card to another column and reorder it there, send a chat message, open a doc and
 * type a line. Only the keyboard drives the page (the account and its data are made through the
 * API beforehand). After every action, focus is on an element (never <body>) that shows a focus
 * indicator.
 */

/**
 * What has focus, and whether it is shown: a ring (outline or box shadow) on the element itself,
 * or a change on it or an ancestor that its focus causes (a field's frame drawn with :focus-within),
 * found by comparing their styles with the focus taken away for a moment.
 */
async function focusState(page: Page) {
  return page.evaluate(async () => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return { onBody: true, indicator: false, what: 'body' };
    const what = `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}`;
    const own = getComputedStyle(element);
    if ((own.outlineStyle !== 'none' && Number.parseFloat(own.outlineWidth) > 0) || (own.boxShadow !== 'none' && own.boxShadow !== '')) {
      return { onBody: false, indicator: true, what };
    }
    const chain: HTMLElement[] = [];
    for (let current: HTMLElement | null = element; current && chain.length < 5; current = current.parentElement) chain.push(current);
    const look = () =>
      chain.map((node) => {
        const style = getComputedStyle(node);
        return [style.outlineStyle, style.outlineWidth, style.outlineColor, style.boxShadow, style.borderColor, style.backgroundColor].join(
          '|',
        );
      });
    const focused = look();
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    element.blur();
    // A transition (even the reduced one) shows the old value until the next frames.
    await frame();
    await frame();
    const blurred = look();
    element.focus({ preventScroll: true });
    return { onBody: false, indicator: focused.some((style, index) => style !== blurred[index]), what };
  });
}

/** Focus is on an element that shows it; polled, since focus may move once a page has drawn. */
async function expectVisibleFocus(page: Page, after: string) {
  await expect
    .poll(
      async () => {
        const state = await focusState(page);
        return state.onBody ? 'on <body>' : state.indicator ? 'shown' : `no indicator on ${state.what}`;
      },
      { message: `focus after ${after}` },
    )
    .toBe('shown');
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a person would; fails if it is not reached within `limit` presses.
 * The target is found once and asked after each press whether it has focus (finding it by role again for each of up to
 * 60 presses was most of this test's time); found again, without a press, if the page has replaced it meanwhile.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 60 } = {}) {
  await expect(target).toBeVisible();
  let element = await target.elementHandle();
  let presses = 0;
  while (presses <= limit) {
    const focused = await element.evaluate((node) => (node.isConnected ? node === document.activeElement : null));
    if (focused === null) {
      await element.dispose();
      element = await target.elementHandle();
      continue;
    }
    if (focused) {
      await element.dispose();
      return presses;
    }
    if (presses === limit) break;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    presses += 1;
  }
  await element.dispose();
  throw new Error(`not reached with ${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** F6 until focus is in the sidebar (the region order depends on where focus is). */
async function toSidebar(page: Page) {
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  for (let presses = 0; presses < 3; presses += 1) {
    await page.keyboard.press('F6');
    if (await sidebar.evaluate((region) => region.contains(document.activeElement))) return;
  }
  throw new Error('F6 never reached the sidebar');
}

test('a keyboard-only person signs in, works on the board, chats and writes in a doc', async ({ browser }) => {
  test.setTimeout(180_000);
  const setUp = await browser.newContext();
  const setUpPage = await setUp.newPage();
  const account = await signedInAccount(setUpPage, 'Keys');
  await graphql(setUpPage.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { setProject } = await graphql<{ setProject: { id: string } }>(
    setUpPage.request,
    'mutation { setProject(name: "Launch", type: "private") { id } }',
  );
  const space = setProject.id;
  await graphql(setUpPage.request, 'mutation ($project: ID!, $title: String!) { setWorkspace(project: $project, title: $title) { id } }', {
    project: space,
    title: 'Launch plan',
  });
  await setUp.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();

  await test.step('sign in', async () => {
    await page.goto('/signin');
    await tabTo(page, page.getByLabel('Email'));
    await expectVisibleFocus(page, 'tabbing to Email');
    await page.keyboard.type(account.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/overview$/);
    await expectVisibleFocus(page, 'signing in');
  });

  const todo = page.getByRole('region', { name: 'To do' });
  const inProgress = page.getByRole('region', { name: 'In progress' });
  const card = (name: string) => page.getByRole('main').getByRole('link', { name, exact: true });

  await test.step('open the space and its board', async () => {
    await toSidebar(page);
    await expectVisibleFocus(page, 'F6 to the sidebar');
    await tabTo(page, page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Launch' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${space}$`));
    await expectVisibleFocus(page, 'opening the space');
    await toSidebar(page);
    await tabTo(page, page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Tasks' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${space}/tasks$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeFocused();
    await expect(page.getByTestId('page-announcer')).toContainText('Tasks');
  });

  await test.step('create two tasks', async () => {
    const newTask = page.getByRole('textbox', { name: 'New task in To do' });
    const presses = await tabTo(page, newTask);
    expect(presses, 'Tab presses from the heading to New task').toBeLessThanOrEqual(15);
    for (const name of ['Write the launch post', 'Book the venue']) {
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
      await expect(todo.getByRole('link', { name })).toBeVisible();
      await expectVisibleFocus(page, `creating ${name}`);
    }
  });

  await test.step('open a task, then close its panel: focus is back on the card', async () => {
    await tabTo(page, card('Write the launch post'), { backwards: true });
    await page.keyboard.press('Enter');
    const panel = page.locator('[data-task-panel]');
    await expect(panel).toBeVisible();
    await expect.poll(() => panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectVisibleFocus(page, 'opening the task');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(card('Write the launch post')).toBeFocused();
    await expectVisibleFocus(page, 'closing the panel');
  });

  const announcer = page.locator('[id^="DndLiveRegion"]');

  await test.step('move the cards to In progress with the keyboard, then reorder them there', async () => {
    for (const name of ['Write the launch post', 'Book the venue']) {
      await tabTo(page, card(name), { backwards: true });
      await page.keyboard.press('Space');
      await expect(announcer).toContainText(`Picked up ${name}, in To do`);
      await untilDragListens(page);
      await page.keyboard.press('ArrowRight');
      await expect(announcer).toContainText('Moved to In progress');
      await page.keyboard.press('Space');
      await expect(announcer).toContainText(`Dropped ${name} in In progress`);
      await expect(inProgress.getByRole('link', { name })).toBeVisible();
      await expectVisibleFocus(page, `moving ${name}`);
    }
    const order = () => inProgress.getByTestId('task-card').allTextContents();
    const before = await order();
    const last = before.findIndex((text) => text.includes('Book the venue')) === 1 ? 'Book the venue' : 'Write the launch post';
    await tabTo(page, card(last), { backwards: true });
    // Each key waits for the announcement of the one before: the drag listens for keys only once it has started.
    await page.keyboard.press('Space');
    await expect(announcer).toContainText(`Picked up ${last}, in In progress, position 2 of 2`);
    await untilDragListens(page);
    await page.keyboard.press('ArrowUp');
    await expect(announcer).toContainText('Moved to In progress, position 1 of 2');
    await page.keyboard.press('Space');
    await expect(announcer).toContainText(`Dropped ${last} in In progress, position 1 of 2`);
    await expect.poll(async () => (await order())[0]).toContain(last);
    await expectVisibleFocus(page, 'reordering');
  });

  await test.step('go to the chat and send a message', async () => {
    await toSidebar(page);
    await tabTo(page, page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Chats' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/chats/${space}$`));
    await expectVisibleFocus(page, 'opening the chat');
    const composer = page.getByRole('textbox', { name: 'Message' });
    await tabTo(page, composer);
    await expectVisibleFocus(page, 'tabbing to the composer');
    await page.keyboard.type('The launch post is in progress');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('log').getByText('The launch post is in progress')).toBeVisible();
    await expectVisibleFocus(page, 'sending the message');
  });

  await test.step('open a doc and type a line', async () => {
    // Chats live outside the spaces: back to the space first, then its docs.
    await toSidebar(page);
    await tabTo(page, page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Launch' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${space}$`));
    await toSidebar(page);
    await tabTo(page, page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Docs' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${space}/docs$`));
    await expectVisibleFocus(page, 'opening the docs');
    await tabTo(page, page.getByRole('main').getByRole('link', { name: /Launch plan/ }));
    await page.keyboard.press('Enter');
    const editor = page.getByLabel('Doc content');
    await expect(editor).toBeFocused();
    await expectVisibleFocus(page, 'opening the doc');
    await page.keyboard.type('Goals for the launch');
    await expect(editor).toContainText('Goals for the launch');
    await expectVisibleFocus(page, 'typing in the doc');
  });

  await context.close();
});
