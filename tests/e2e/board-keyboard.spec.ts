import { expect, test, type Page } from '@playwright/test';
import { graphql, signedInAccount, untilDragListens } from './support';

/** A signed-in person with onboarding done, on the board of their personal space, with tasks made in this order (To do). */
async function boardWithTasks(page: Page, firstname: string, names: readonly string[]) {
  await signedInAccount(page, firstname);
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { getProjects } = await graphql<{ getProjects: { id: string; isPersonal: boolean }[] }>(
    page.request,
    '{ getProjects { id isPersonal } }',
  );
  const space = getProjects.find((project) => project.isPersonal)!.id;
  const ids: string[] = [];
  for (const name of names) {
    const { setTask } = await graphql<{ setTask: { id: string } }>(
      page.request,
      'mutation ($project: ID!, $name: String!) { setTask(project: $project, name: $name) { id } }',
      { project: space, name },
    );
    ids.push(setTask.id);
  }
  await page.goto(`/${space}/tasks`);
  await expect(column(page, 'To do').getByRole('link', { name: names[0]!, exact: true })).toBeVisible();
  return { space, ids };
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cardNames = (page: Page, section: string) => column(page, section).getByTestId('task-card').getByRole('link');
/** dnd-kit's live region: what a screen reader hears while a card moves. */
const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/** Focus is on an element (not the page) that shows a focus indicator: an outline or a ring drawn with a shadow. */
async function expectVisibleFocus(page: Page) {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const card = element.closest<HTMLElement>('[data-focused]');
    return {
      outline: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
      shadow: style.boxShadow !== 'none',
      card: card ? getComputedStyle(card).outlineStyle !== 'none' : false,
    };
  });
  expect(focus, 'focus left the page').not.toBeNull();
  expect(focus!.outline || focus!.shadow || focus!.card, 'no focus indicator').toBe(true);
}

test('a card moves by keyboard to another section and within its own, announced at each step, and stays there', async ({ page }) => {
  await boardWithTasks(page, 'Mover', ['Alpha', 'Bravo', 'Charlie']);
  await page.locator('body').press('j');
  const alpha = column(page, 'To do').getByRole('link', { name: 'Alpha', exact: true });
  await expect(alpha).toBeFocused();
  await expect(alpha).toHaveAttribute('aria-roledescription', 'movable task');
  await expect(alpha).toHaveAccessibleDescription(/press Space, then the arrow keys/);

  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText('Picked up Alpha, in To do, position 1 of 3.');
  await untilDragListens(page);
  await page.keyboard.press('ArrowRight');
  await expect(liveRegion(page)).toHaveText('Moved to In progress, position 1 of 1.');
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText('Dropped Alpha in In progress, position 1 of 1.');
  await expect(column(page, 'In progress').getByRole('link', { name: 'Alpha', exact: true })).toBeVisible();
  await expect(cardNames(page, 'To do')).toHaveText(['Bravo', 'Charlie']);
  await expect(column(page, 'In progress').getByRole('link', { name: 'Alpha', exact: true })).toBeFocused();
  await expectVisibleFocus(page);

  // Back to To do with h, then Bravo goes below Charlie.
  await page.keyboard.press('h');
  const bravo = column(page, 'To do').getByRole('link', { name: 'Bravo', exact: true });
  await expect(bravo).toBeFocused();
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText('Picked up Bravo, in To do, position 1 of 2.');
  await untilDragListens(page);
  await page.keyboard.press('ArrowDown');
  await expect(liveRegion(page)).toHaveText('Moved to To do, position 2 of 2.');
  await page.keyboard.press('Enter');
  await expect(liveRegion(page)).toHaveText('Dropped Bravo in To do, position 2 of 2.');
  await expect(cardNames(page, 'To do')).toHaveText(['Charlie', 'Bravo']);
  await expect(bravo).toBeFocused();
  await expectVisibleFocus(page);

  // Escape puts a picked-up card back where it was.
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText('Picked up Bravo, in To do, position 2 of 2.');
  await untilDragListens(page);
  await page.keyboard.press('ArrowUp');
  await expect(liveRegion(page)).toHaveText('Moved to To do, position 1 of 2.');
  await page.keyboard.press('Escape');
  await expect(liveRegion(page)).toHaveText('Cancelled. Bravo stays in To do, position 2 of 2.');
  await expect(cardNames(page, 'To do')).toHaveText(['Charlie', 'Bravo']);

  const shotsFolder = process.env.E2E_SHOTS_DIR;
  if (shotsFolder) await page.screenshot({ path: `${shotsFolder}/board-keyboard.png` });

  await page.reload();
  await expect(cardNames(page, 'To do')).toHaveText(['Charlie', 'Bravo']);
  await expect(cardNames(page, 'In progress')).toHaveText(['Alpha']);
});

test('Enter on the sidebar’s Chats link after a card had focus goes to the chats, not to the card', async ({ page }) => {
  await boardWithTasks(page, 'Leaver', ['Remembered card']);
  await page.locator('body').press('j');
  await expect(page.getByRole('link', { name: 'Remembered card', exact: true })).toBeFocused();
  const chats = page.getByRole('link', { name: 'Chats', exact: true });
  await chats.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chats(\/|$)/);
  await expect(page.getByRole('complementary', { name: 'Task details' })).toHaveCount(0);
});

test('the panel takes focus when it opens, Escape in a field closes it and focus is back on the card; Move to… places the task', async ({
  page,
}) => {
  await boardWithTasks(page, 'Placer', ['One', 'Two', 'Three']);
  await page.locator('body').press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary', { name: 'Task details' });
  await expect(panel.getByRole('heading', { name: /Two/ })).toBeFocused();
  await expectVisibleFocus(page);
  await panel.getByRole('textbox', { name: 'Name' }).focus();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  const two = column(page, 'To do').getByRole('link', { name: 'Two', exact: true });
  await expect(two).toBeFocused();
  await expectVisibleFocus(page);

  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Task actions' }).press('Enter');
  await page.getByRole('menuitem', { name: 'Move to…' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move “Two” on the board' });
  await dialog.getByLabel('Section').selectOption({ label: 'Done' });
  await expect(dialog.getByLabel('Position')).toHaveValue('0');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(column(page, 'Done').getByRole('link', { name: 'Two', exact: true })).toBeVisible();
  await expect(cardNames(page, 'To do')).toHaveText(['One', 'Three']);
});
