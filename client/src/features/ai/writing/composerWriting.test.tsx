// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentText } from '../../../lib/graphqlDocument';
import { createAppStore, StoreProvider } from '../../../lib/store';
import { setupAppI18n } from '../../../test/i18n';
import { Composer, type ComposerProps } from '../../chat/Composer';
import { bodyIn, editorOf, focusAt, typeIn } from '../../chat/composerTesting';
import { composedBody } from './composerTarget';
import { aiWritingStatusAtom } from './useAiWritingStatus';
import type * as Subscriptions from '../../../lib/subscriptions';

const live = vi.hoisted(() => ({
  runs: [] as { operation: string; variables: unknown; next: (data: unknown) => void; stopped: boolean }[],
}));

vi.mock('../../../lib/subscriptions', async (importOriginal) => {
  const { operationOf } = await import('../../../lib/graphqlDocument');
  return {
    ...(await importOriginal<typeof Subscriptions>()),
    subscribe: (document: DocumentText, variables: unknown, next: (data: unknown) => void) => {
      const run = { operation: operationOf(document), variables, next, stopped: false };
      live.runs.push(run);
      return () => {
        run.stopped = true;
      };
    },
  };
});

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  live.runs = [];
});

function renderComposer(overrides: Partial<ComposerProps> = {}) {
  const store = createAppStore();
  store.set(aiWritingStatusAtom, { configured: true, maxPromptBytes: 200_000 });
  const props: ComposerProps = {
    placeholder: 'Write a message…',
    editing: null,
    replyTo: null,
    candidates: [{ id: 'u2', name: 'Grace Hopper', profileImg: null }],
    onSend: vi.fn(),
    onSaveEdit: vi.fn(),
    onCancel: vi.fn(),
    onEditLast: vi.fn(),
    onTyping: vi.fn(),
    ...overrides,
  };
  render(
    <StoreProvider store={store}>
      <Composer {...props} />
    </StoreProvider>,
  );
  return { props, textbox: screen.getByRole('textbox', { name: 'Message' }) };
}

const chunk = (delta: string, done = false) => ({ aiWriting: { delta, done, error: null, errorCode: null } });

async function runTool(label: string) {
  await userEvent.click(screen.getByRole('button', { name: 'AI writing tools' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: label }));
  await waitFor(() => expect(live.runs).toHaveLength(1));
  return live.runs[0]!;
}

describe('AI writing tools in the chat composer', () => {
  it('replaces the draft with the result in one step, and Ctrl+Z brings the draft back', async () => {
    const { textbox, props } = renderComposer();
    await typeIn(textbox, 'hey @');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('can u check teh build');
    expect(bodyIn(textbox)).toBe('hey @[Grace Hopper](u2) can u check teh build');

    const run = await runTool('Fix spelling and grammar');
    expect(run.operation).toBe('aiWriting');
    expect(run.variables).toEqual({ action: 'fixSpelling', text: 'hey @[Grace Hopper](u2) can u check teh build' });
    act(() => run.next(chunk('Hey @[Grace Hopper](u2), could you ')));
    act(() => run.next(chunk('check the build?', true)));
    await userEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(bodyIn(textbox)).toBe('Hey @[Grace Hopper](u2), could you check the build?');
    expect(props.onSend).not.toHaveBeenCalled();

    await focusAt(textbox, 'end');
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(bodyIn(textbox)).toBe('hey @[Grace Hopper](u2) can u check teh build');
  });

  it('works on the selection only when there is one', async () => {
    const { textbox } = renderComposer();
    await typeIn(textbox, 'Keep this. fix thsi');
    const editor = editorOf(textbox);
    act(() => {
      editor.commands.setTextSelection({ from: 12, to: editor.state.doc.content.size - 1 });
    });
    const run = await runTool('Fix spelling and grammar');
    expect(run.variables).toEqual({ action: 'fixSpelling', text: 'fix thsi' });
    act(() => run.next(chunk('fix this', true)));
    await userEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(bodyIn(textbox)).toBe('Keep this. fix this');
  });

  it('Discard leaves the draft as it was and stops the run', async () => {
    const { textbox } = renderComposer();
    await typeIn(textbox, 'draft text');
    const run = await runTool('Make longer');
    act(() => run.next(chunk('A much longer')));
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(run.stopped).toBe(true);
    expect(bodyIn(textbox)).toBe('draft text');
  });

  it('has no AI button for a meeting room guest', () => {
    renderComposer({ mentions: false });
    expect(screen.queryByRole('button', { name: 'AI writing tools' })).toBeNull();
  });
});

describe('the composer body a result makes', () => {
  it('replaces the selection, inserts on a new line below it, or continues at the caret', () => {
    expect(composedBody('one two three', { start: 4, end: 7 }, ' 2 ', 'replace')).toEqual({ value: 'one 2 three', caret: 5 });
    expect(composedBody('first line\nsecond', { start: 0, end: 5 }, 'Summary', 'insertBelow')).toEqual({
      value: 'first line\nSummary\nsecond',
      caret: 18,
    });
    expect(composedBody('It was', { start: 6, end: 6 }, 'late.', 'insert')).toEqual({ value: 'It was late.', caret: 12 });
    expect(composedBody('It was ', { start: 7, end: 7 }, 'late.', 'insert')).toEqual({ value: 'It was late.', caret: 12 });
  });
});
