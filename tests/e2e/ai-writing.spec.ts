import { expect, test } from '@playwright/test';
import { e2ePorts } from './ports';
import { docEditor, docText, newDoc, phoneScreenshots, twoTeammates } from './support';

/** The stack's fake OpenAI-compatible provider, scripted over its control routes. */
async function fakeProvider(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${e2ePorts.ai}${path}`, {
    method: body === undefined && path.endsWith('requests') ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  if (!response.ok) throw new Error(`fake provider ${path}: ${response.status}`);
  return path.endsWith('requests') ? response.json() : response.text();
}

test('a writing tool applied in a doc reaches the teammate, and one undo takes the whole change back', async ({ browser }) => {
  const { ada, grace, space, close } = await twoTeammates(browser);
  const doc = await newDoc(ada, space, 'Release note');
  await ada.goto(`/${space}/docs/d/${doc}`);
  await grace.goto(`/${space}/docs/d/${doc}`);
  await docEditor(ada).click();
  await ada.keyboard.type('Teh release is next weak.');
  await ada.keyboard.press('Enter');
  await ada.keyboard.type('Thanks to everyone.');
  await expect.poll(() => docText(grace)).toContain('Thanks to everyone.');

  await fakeProvider('/control/reset', {});
  await fakeProvider('/control/script', { chunks: ['The release ', 'is next **week**.'], chunkDelayMs: 200 });

  // The first paragraph selected (a triple click), then the tools from the toolbar (the selection stays).
  await docEditor(ada).getByText('Teh release is next weak.').click({ clickCount: 3 });
  await ada.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'AI writing tools' }).click();
  const menu = ada.getByRole('menu', { name: 'AI writing tools' });
  await expect(menu.getByText('On the selection')).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Fix spelling and grammar' }).click();

  const preview = ada.getByRole('region', { name: 'AI result' });
  await expect(preview.getByText('Writing…')).toBeVisible();
  await expect(preview.getByText('The release is next week.')).toBeVisible();
  await expect(preview.getByText('Done. Check the result before using it.')).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('week');
  await phoneScreenshots(ada, 'ai-writing-preview');

  // Only the selection went to the provider, with the writing model.
  const requests = (await fakeProvider('/control/requests')) as { body: { model: string; messages: { content: string }[] } }[];
  expect(requests).toHaveLength(1);
  const prompt = requests[0]!.body.messages.map((message) => message.content).join('\n');
  expect(prompt).toContain('Teh release is next weak.');
  expect(prompt).not.toContain('Thanks to everyone.');
  expect(requests[0]!.body.model).toBe('fake-writing-model');

  await preview.getByRole('button', { name: 'Replace' }).click();
  await expect(preview).toHaveCount(0);
  await expect.poll(() => docText(grace)).toContain('The release is next week.');
  await expect(docEditor(grace).locator('strong')).toHaveText('week');
  await expect.poll(() => docText(grace)).toContain('Thanks to everyone.');
  await expect.poll(() => docText(grace)).not.toContain('Teh release');

  // One undo in Ada's window takes the whole change back, for Grace too; Grace's own undo has nothing of it.
  await ada.keyboard.press('Control+z');
  await expect.poll(() => docText(grace)).toContain('Teh release is next weak.');
  await expect.poll(() => docText(grace)).not.toContain('The release is next week.');
  await expect.poll(() => docText(grace)).toContain('Thanks to everyone.');
  await expect.poll(() => docText(ada)).toContain('Teh release is next weak.Thanks to everyone.');
  await close();
});
