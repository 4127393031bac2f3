// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createAppStore } from '../../../lib/store';
import { setupAppI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/renderWithStore';
import type { AiWritingChunk } from './operations';
import { aiWritingStatusAtom } from './useAiWritingStatus';
import type { WritingStreamHandlers, WritingRunner } from './useWritingStream';
import { useWritingTools, type WritingTarget } from './useWritingTools';
import { WritingMenu } from './WritingMenu';
import type { WritingVariables } from './writingRequest';

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(cleanup);

/** A runner standing in for the subscription: the test sends the chunks and sees the stops. */
function fakeRunner() {
  const runs: { variables: WritingVariables; handlers: WritingStreamHandlers; stopped: boolean }[] = [];
  const runner: WritingRunner = (variables, handlers) => {
    const run = { variables, handlers, stopped: false };
    runs.push(run);
    return () => {
      run.stopped = true;
    };
  };
  const send = (chunk: Partial<AiWritingChunk>) =>
    act(() => runs.at(-1)!.handlers.chunk({ delta: '', done: false, error: null, errorCode: null, ...chunk }));
  return { runner, runs, send };
}

function fakeTarget(text: string) {
  const target = { source: { text }, apply: vi.fn(() => true), dispose: vi.fn(), focus: vi.fn() } satisfies WritingTarget;
  return target;
}

function Tools({ runner, target }: { runner: WritingRunner; target: WritingTarget }) {
  const [open, setOpen] = useState(false);
  const tools = useWritingTools(() => target, runner);
  return (
    <div>
      <WritingMenu
        open={open}
        onOpenChange={setOpen}
        scope="selection"
        onChoose={tools.choose}
        trigger={<button type="button">AI writing tools</button>}
      />
      {tools.panel}
    </div>
  );
}

function renderTools(
  text: string,
  status: { configured: boolean; maxPromptBytes: number } = { configured: true, maxPromptBytes: 200_000 },
) {
  const store = createAppStore();
  store.set(aiWritingStatusAtom, status);
  const fake = fakeRunner();
  const target = fakeTarget(text);
  renderWithStore(<Tools runner={fake.runner} target={target} />, { store });
  return { ...fake, target };
}

async function choose(...labels: string[]) {
  await userEvent.click(screen.getByRole('button', { name: 'AI writing tools' }));
  for (const label of labels) {
    const item = await screen.findByRole('menuitem', { name: label });
    if (item.getAttribute('aria-haspopup')) {
      item.focus();
      await userEvent.keyboard('{ArrowRight}');
    } else {
      await userEvent.click(item);
    }
  }
}

describe('AI writing tools', () => {
  it('offers every SPEC action, the twelve languages and the four tones, by keyboard', async () => {
    renderTools('Some text');
    screen.getByRole('button', { name: 'AI writing tools' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'AI writing tools' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Improve writing',
      'Fix spelling and grammar',
      'Make shorter',
      'Make longer',
      'Simplify',
      'Summarize',
      'Translate',
      'Change tone',
      'Continue writing',
    ]);
    expect(within(menu).getByText('On the selection')).toBeTruthy();
    // Arrow keys move through the items; Right opens a submenu.
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Fix spelling and grammar');
    within(menu).getByRole('menuitem', { name: 'Translate' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getAllByRole('menu')).toHaveLength(2));
    const languages = screen.getAllByRole('menu')[1]!;
    expect(within(languages).getAllByRole('menuitem')).toHaveLength(12);
    expect(within(languages).getByRole('menuitem', { name: 'Japanese' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('streams the result into the preview, and Replace applies it once', async () => {
    const { runs, send, target } = renderTools('teh cat');
    await choose('Fix spelling and grammar');
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]!.variables).toEqual({ action: 'fixSpelling', text: 'teh cat' });
    const panel = screen.getByRole('region', { name: 'AI result' });
    expect(within(panel).getByText('AI: Fix spelling and grammar')).toBeTruthy();
    expect(within(panel).getByText('Writing…')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Replace' })).toBeNull();
    send({ delta: 'The ' });
    send({ delta: '**cat**' });
    expect(within(panel).getByText('cat').tagName).toBe('STRONG');
    send({ done: true });
    expect(within(panel).getByText('Done. Check the result before using it.')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Replace' }));
    expect(target.apply).toHaveBeenCalledExactlyOnceWith('The **cat**', 'replace');
    expect(screen.queryByRole('region', { name: 'AI result' })).toBeNull();
    expect(target.dispose).toHaveBeenCalled();
  });

  it('sends the language of a translation, and Insert below is offered beside Replace', async () => {
    const { runs, send, target } = renderTools('Hello');
    await choose('Translate', 'German');
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]!.variables).toEqual({ action: 'translate', text: 'Hello', language: 'German' });
    send({ delta: 'Hallo', done: true });
    await userEvent.click(screen.getByRole('button', { name: 'Insert below' }));
    expect(target.apply).toHaveBeenCalledWith('Hallo', 'insertBelow');
  });

  it('Stop ends the subscription and keeps what came; Escape stops, then closes', async () => {
    const { runs, send, target } = renderTools('Some text');
    await choose('Make longer');
    await waitFor(() => expect(runs).toHaveLength(1));
    send({ delta: 'Part one' });
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(runs[0]!.stopped).toBe(true);
    expect(screen.getByText('Stopped. What was written so far is kept.')).toBeTruthy();
    expect(screen.getByText('Part one')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace' })).toBeTruthy();

    await choose('Simplify');
    await waitFor(() => expect(runs).toHaveLength(2));
    screen.getByRole('region', { name: 'AI result' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(runs[1]!.stopped).toBe(true);
    expect(screen.getByRole('region', { name: 'AI result' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'AI result' })).toBeNull();
    expect(target.apply).not.toHaveBeenCalled();
    expect(target.focus).toHaveBeenCalled();
  });

  it('shows a failure clearly and tries again with the same request', async () => {
    const { runs, send } = renderTools('Some text');
    await choose('Summarize');
    await waitFor(() => expect(runs).toHaveLength(1));
    send({ delta: 'Half' });
    send({ error: 'The AI provider is rate limiting requests: wait a moment and try again.', errorCode: 'AI_UNKNOWN_TEST_CODE' });
    expect(screen.getByRole('alert').textContent).toContain('The AI provider is rate limiting requests');
    expect(screen.queryByText('Writing…')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(runs).toHaveLength(2);
    expect(runs[1]!.variables).toEqual(runs[0]!.variables);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Half')).toBeNull();
  });

  it('ends on the refusal when the server refuses the run itself, instead of writing forever', async () => {
    const { runs } = renderTools('Some text');
    await choose('Summarize');
    await waitFor(() => expect(runs).toHaveLength(1));
    act(() =>
      runs[0]!.handlers.refused({ message: 'This connection has too many live subscriptions open.', code: 'TOO_MANY_SUBSCRIPTIONS' }),
    );
    expect(screen.getByRole('alert').textContent).toContain('too many live subscriptions');
    expect(screen.queryByText('Writing…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('starts over when the run was sent again after its socket failed', async () => {
    const { runs, send } = renderTools('Some text');
    await choose('Make shorter');
    await waitFor(() => expect(runs).toHaveLength(1));
    send({ delta: 'First try' });
    act(() => runs[0]!.handlers.restarted());
    send({ delta: 'Second try', done: true });
    expect(screen.queryByText('First try')).toBeNull();
    expect(screen.getByText('Second try')).toBeTruthy();
  });

  it('says how to enable AI when no provider is configured, and sends nothing', async () => {
    const { runs } = renderTools('Some text', { configured: false, maxPromptBytes: 200_000 });
    await choose('Improve writing');
    expect(await screen.findByText('AI is not set up on this server')).toBeTruthy();
    expect(screen.getByText(/AI_BASE_URL/).textContent).toContain('ollama run');
    expect(runs).toHaveLength(0);
  });

  it('refuses text over the limit and empty text before sending', async () => {
    const { runs } = renderTools('x'.repeat(3000), { configured: true, maxPromptBytes: 2000 });
    await choose('Improve writing');
    expect((await screen.findByRole('alert')).textContent).toBe('This text is too long for the AI: at most 2 KB.');
    expect(runs).toHaveLength(0);
  });

  it('refuses empty text before sending', async () => {
    const { runs } = renderTools('   ');
    await choose('Continue writing');
    expect((await screen.findByRole('alert')).textContent).toBe('Write or select some text first.');
    expect(runs).toHaveLength(0);
  });
});
