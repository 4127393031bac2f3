import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { controlApp, docEditor, docText, newDoc, twoTeammates, typeAtEnd } from './support';

// A test that failed while the server was stopped must not leave the rest of the suite without one (starting a running app does nothing).
test.afterEach(() => controlApp('start'));

/** How many updates of a doc this browser keeps in IndexedDB (the y-indexeddb store of the user's copy of the doc). */
function storedUpdates(page: Page, user: string, doc: string): Promise<number> {
  const name = `workspace-docs:${encodeURIComponent(user)}:${encodeURIComponent(doc)}`;
  return page.evaluate(
    (database) =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open(database);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          // A read started after the editor's writes sees them all: IndexedDB orders transactions on a store.
          const counting = db.transaction('updates', 'readonly').objectStore('updates').count();
          counting.onsuccess = () => {
            resolve(counting.result);
            db.close();
          };
          counting.onerror = () => reject(counting.error);
        };
      }),
    name,
  );
}

test("two teammates write in one doc at once, see each other's text and carets, and the server says saved", async ({ browser }) => {
  const { ada, grace, space, close } = await twoTeammates(browser);
  const doc = await newDoc(ada, space, 'Launch plan');
  await ada.goto(`/${space}/docs/d/${doc}`);
  await grace.goto(`/${space}/docs/d/${doc}`);
  await expect(docEditor(ada)).toBeVisible();
  await expect(docEditor(grace)).toBeVisible();

  await typeAtEnd(ada, 'Ada writes the goals.');
  await expect.poll(() => docText(grace)).toContain('Ada writes the goals.');
  await typeAtEnd(grace, 'Grace adds the budget.', { newParagraph: true });
  await expect.poll(() => docText(ada)).toContain('Grace adds the budget.');
  await expect.poll(() => docText(ada)).toContain('Ada writes the goals.');
  await expect(ada.getByText('Grace User', { exact: true })).toBeVisible();
  await expect(ada.getByText('Saved', { exact: true })).toBeVisible();

  // Markdown shortcuts make blocks.
  await typeAtEnd(ada, '## Timeline', { newParagraph: true });
  await expect(docEditor(grace).getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await close();
});

test('edits typed while the server restarts reach the teammate once it is back, and survive a reload', async ({ browser }) => {
  // Two browsers, a stop and a start of the server, and both reconnecting: more than the default budget on a busy machine.
  test.slow();
  const { ada, grace, space, close } = await twoTeammates(browser);
  const doc = await newDoc(ada, space, 'Restart notes');
  await ada.goto(`/${space}/docs/d/${doc}`);
  await grace.goto(`/${space}/docs/d/${doc}`);
  await typeAtEnd(ada, 'Before the restart.');
  await expect.poll(() => docText(grace)).toContain('Before the restart.');
  await expect(ada.getByText('Saved', { exact: true })).toBeVisible();

  try {
    await controlApp('stop');
    await typeAtEnd(ada, ' Typed while the server was down.');
  } finally {
    await controlApp('start');
  }
  await expect.poll(() => docText(grace), { timeout: 30_000 }).toContain('Typed while the server was down.');
  await expect(ada.getByText('Saved', { exact: true })).toBeVisible({ timeout: 30_000 });
  await grace.reload();
  await expect.poll(() => docText(grace), { timeout: 30_000 }).toContain('Before the restart. Typed while the server was down.');
  await close();
});

test('a shared doc is readable live without signing in, cannot be edited there, and stops when sharing is off', async ({ browser }) => {
  const { ada, space, close } = await twoTeammates(browser);
  const doc = await newDoc(ada, space, 'Public roadmap');
  await ada.goto(`/${space}/docs/d/${doc}`);
  await typeAtEnd(ada, 'Everyone may read this.');
  await expect(ada.getByText('Saved', { exact: true })).toBeVisible();

  await ada.getByRole('button', { name: 'Share' }).click();
  const dialog = ada.getByRole('dialog');
  await dialog.getByRole('switch', { name: 'Share with anyone who has the link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Public link' }).inputValue();
  expect(link).toMatch(/\/share\/doc\//);
  await ada.keyboard.press('Escape');

  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto(link);
  await expect.poll(() => docText(stranger)).toContain('Everyone may read this.');
  await expect(docEditor(stranger)).toHaveAttribute('contenteditable', 'false');

  await typeAtEnd(ada, ' Updated live.');
  await expect.poll(() => docText(stranger)).toContain('Updated live.');

  await ada.getByRole('button', { name: /Share/ }).click();
  await ada.getByRole('dialog').getByRole('switch', { name: 'Share with anyone who has the link' }).click();
  await expect(docEditor(stranger)).toHaveCount(0, { timeout: 10_000 });
  await stranger.reload();
  await expect(docEditor(stranger)).toHaveCount(0);
  await strangerContext.close();
  await close();
});

test("a doc exports to a PDF whose text is the doc's text", async ({ browser }) => {
  const { ada, space, close } = await twoTeammates(browser);
  const doc = await newDoc(ada, space, 'Quarterly report');
  await ada.goto(`/${space}/docs/d/${doc}`);
  await typeAtEnd(ada, '## Results');
  await ada.keyboard.press('Enter');
  await ada.keyboard.type('Revenue grew in every region.');
  await ada.keyboard.press('Enter');
  await ada.keyboard.type('- First point');
  await expect(ada.getByText('Saved', { exact: true })).toBeVisible();

  const download = ada.waitForEvent('download');
  await ada.getByRole('button', { name: 'Export PDF' }).click();
  const file = await (await download).path();
  const text = execFileSync('pdftotext', [file, '-']).toString();
  expect(text).toContain('Quarterly report');
  expect(text.indexOf('Results')).toBeLessThan(text.indexOf('Revenue grew in every region.'));
  expect(text).toContain('First point');
  await close();
});

test('edits typed offline survive a closed tab: they are there when the doc is opened again, and reach the teammate', async ({
  browser,
}) => {
  // A stop and a start of the server, a closed tab and a reopened one: more than the default budget on a busy machine.
  test.slow();
  const { ada, grace, space, close, adaAccount } = await twoTeammates(browser);
  const doc = await newDoc(ada, space, 'Offline notes');
  await ada.goto(`/${space}/docs/d/${doc}`);
  await typeAtEnd(ada, 'Written online.');
  await expect(ada.getByText('Saved', { exact: true })).toBeVisible();
  const storedBefore = await storedUpdates(ada, adaAccount.userId, doc);

  try {
    await controlApp('stop');
    await typeAtEnd(ada, ' Typed offline, then the tab was closed.');
    await expect(ada.getByText('Offline — changes kept')).toBeVisible({ timeout: 15_000 });
    // The edits are in IndexedDB once a read started after the typing counts them.
    await expect.poll(() => storedUpdates(ada, adaAccount.userId, doc)).toBeGreaterThan(storedBefore);
    await ada.close();
  } finally {
    await controlApp('start');
  }

  const again = await ada.context().newPage();
  await again.goto(`/${space}/docs/d/${doc}`);
  await expect.poll(() => docText(again), { timeout: 30_000 }).toContain('Written online. Typed offline, then the tab was closed.');
  await expect(again.getByText('Saved', { exact: true })).toBeVisible({ timeout: 30_000 });
  await grace.goto(`/${space}/docs/d/${doc}`);
  await expect.poll(() => docText(grace)).toContain('Written online. Typed offline, then the tab was closed.');
  await close();
});

test("a doc address that names no doc shows the not-found page, with the way back to the space's docs", async ({ browser }) => {
  const { ada, space, close } = await twoTeammates(browser);
  await ada.goto(`/${space}/docs/d/0123456789abcdef01234567`);
  await expect(ada.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(ada.getByRole('progressbar', { name: 'Loading the doc…' })).toHaveCount(0);
  await ada.getByRole('button', { name: 'All docs' }).click();
  await expect(ada).toHaveURL(new RegExp(`/${space}/docs$`));
  await close();
});
