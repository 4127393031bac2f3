import { expect, test, type Page } from '@playwright/test';
import { e2ePorts } from './ports';
import { graphql, phoneScreenshots, signedInAccount } from './support';

/** The stack's fake OpenAI-compatible provider, scripted over its control routes. */
async function provider(path: '/control/reset' | '/control/script', body: unknown = {}): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${e2ePorts.ai}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  if (!response.ok) throw new Error(`fake provider ${path}: ${response.status}`);
}

async function providerRequests(): Promise<{ aborted: boolean; finished: boolean; body: { messages: { content: string }[] } }[]> {
  const response = await fetch(`http://127.0.0.1:${e2ePorts.ai}/control/requests`);
  return (await response.json()) as Awaited<ReturnType<typeof providerRequests>>;
}

/** A member with onboarding done and a space; the assistant's page open on a new conversation. */
async function memberOnTheAssistant(page: Page) {
  await signedInAccount(page, 'Ada');
  await graphql(page.request, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }');
  const { setProject } = await graphql<{ setProject: { id: string } }>(
    page.request,
    'mutation { setProject(name: "Rockets", type: "public") { id } }',
  );
  await page.goto(`/${setProject.id}/ai`);
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(page).toHaveURL(new RegExp(`/${setProject.id}/ai/[0-9a-f-]+$`));
  return { space: setProject.id };
}

const box = (page: Page) => page.getByRole('textbox', { name: /^Ask (anything|about your workspace)…$/ });
const lastAnswer = (page: Page) => page.getByRole('listitem', { name: 'Answer' }).last();

test('an answer streams in and Stop ends it mid-way; an AI search answer cites the task it used', async ({ page }) => {
  const { space } = await memberOnTheAssistant(page);
  const { setTask } = await graphql<{ setTask: { id: string } }>(
    page.request,
    'mutation ($project: ID!, $name: String!) { setTask(project: $project, name: $name) { id } }',
    { project: space, name: 'Calibrate the zephyrometer before launch' },
  );

  await provider('/control/reset');
  const words = Array.from({ length: 40 }, (_, index) => `word${index} `);
  await provider('/control/script', { chunks: words, chunkDelayMs: 250 });
  await box(page).fill('Write a long poem about rockets');
  await box(page).press('Enter');
  await expect(lastAnswer(page).getByText('Writing…')).toBeVisible();
  await expect(lastAnswer(page)).toContainText('word2');
  await phoneScreenshots(page, 'ai-assistant-streaming');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(lastAnswer(page).getByText('Stopped. The answer is incomplete.')).toBeVisible();
  await expect(lastAnswer(page).getByText('Writing…')).toHaveCount(0);
  await expect(lastAnswer(page)).not.toContainText('word39');
  // The provider's request was aborted, not left running.
  await expect.poll(async () => (await providerRequests())[0]?.aborted).toBe(true);

  // The same conversation, now as an AI search: the answer is built from the workspace and cites the task.
  await provider('/control/script', { chunks: ['Calibrate the ', 'zephyrometer first [1].'] });
  await page.getByRole('radio', { name: 'AI search' }).click();
  await box(page).fill('When do we calibrate the zephyrometer?');
  await box(page).press('Enter');
  const sources = lastAnswer(page).getByRole('list', { name: 'Sources' });
  const citation = sources.getByRole('link', { name: /Calibrate the zephyrometer before launch/ });
  await expect(citation).toBeVisible();
  await expect(lastAnswer(page)).toContainText('zephyrometer first');
  await phoneScreenshots(page, 'ai-assistant-search');
  await citation.click();
  await expect(page).toHaveURL(new RegExp(`/${space}/tasks/.*d/${setTask.id}`));
});

test('a provider error shows its message with Retry, and Retry answers', async ({ page }) => {
  await memberOnTheAssistant(page);
  await provider('/control/reset');
  await provider('/control/script', [
    { status: 429, errorBody: { error: { message: 'Rate limit reached', type: 'rate_limit_error' } } },
    { chunks: ['Here is ', 'the answer.'] },
  ]);
  await box(page).fill('What should I do first today?');
  await box(page).press('Enter');
  const failure = lastAnswer(page).getByRole('alert');
  await expect(failure).toContainText('The answer could not be written.');
  await expect(lastAnswer(page).getByText('Writing…')).toHaveCount(0);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(lastAnswer(page)).toContainText('Here is the answer.');
  await expect(page.getByRole('listitem', { name: 'Your question' })).toHaveCount(2);
});
