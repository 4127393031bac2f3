// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupAppI18n } from '../../test/i18n';
import { Composer, type ComposerProps } from './Composer';
import { bodyIn, editorOf, focusAt, typeIn } from './composerTesting';
import { message } from './testFixtures';

const people = [
  { id: 'u2', name: 'Grace Hopper', profileImg: null },
  { id: 'u3', name: 'Alan Turing', profileImg: null },
  { id: 'u4', name: 'Gregory House', profileImg: null },
];

function renderComposer(overrides: Partial<ComposerProps> = {}) {
  const props: ComposerProps = {
    placeholder: 'Write a message…',
    editing: null,
    replyTo: null,
    candidates: people,
    onSend: vi.fn(),
    onSaveEdit: vi.fn(),
    onCancel: vi.fn(),
    onEditLast: vi.fn(),
    onTyping: vi.fn(),
    ...overrides,
  };
  const view = render(<Composer {...props} />);
  return { props, view, textbox: screen.getByRole('textbox', { name: 'Message' }) };
}

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(cleanup);

describe('composer keys', () => {
  it('sends on Enter and clears, and breaks the line on Shift+Enter', async () => {
    const { props, textbox } = renderComposer();
    await typeIn(textbox, 'first line{Shift>}{Enter}{/Shift}second');
    expect(bodyIn(textbox)).toBe('first line\nsecond');
    expect(props.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(props.onSend).toHaveBeenCalledWith('first line\nsecond');
    expect(bodyIn(textbox)).toBe('');
    expect(props.onTyping).toHaveBeenCalled();
  });

  it('does not send an empty or blank message', async () => {
    const { props, textbox } = renderComposer();
    await typeIn(textbox, '   {Enter}');
    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('edits the last message on Up in an empty composer only', async () => {
    const { props, textbox } = renderComposer();
    await typeIn(textbox, 'x{ArrowUp}');
    expect(props.onEditLast).not.toHaveBeenCalled();
    await userEvent.keyboard('{Backspace}{ArrowUp}');
    expect(props.onEditLast).toHaveBeenCalledTimes(1);
  });

  it('fills in the message being edited, saves it on Enter, and Escape cancels', async () => {
    const editing = message('m1', { body: 'old text', canEdit: true });
    const { props, textbox, view } = renderComposer({ editing });
    expect(bodyIn(textbox)).toBe('old text');
    expect(screen.getByText('Editing your message')).toBeTruthy();
    await typeIn(textbox, ' fixed{Enter}');
    expect(props.onSaveEdit).toHaveBeenCalledWith(editing, 'old text fixed');
    expect(props.onCancel).toHaveBeenCalledTimes(1);
    view.rerender(<Composer {...props} editing={editing} />);
    await userEvent.keyboard('{Escape}');
    expect(props.onCancel).toHaveBeenCalledTimes(2);
  });

  it('cancels a reply with Escape', async () => {
    const { props, textbox } = renderComposer({ replyTo: message('m1', { body: 'the question' }) });
    expect(screen.getByText('Replying to Grace Hopper')).toBeTruthy();
    await typeIn(textbox, '{Escape}');
    expect(props.onCancel).toHaveBeenCalledTimes(1);
  });

  it('formats with Ctrl+B and Ctrl+I', async () => {
    const { textbox } = renderComposer();
    await typeIn(textbox, 'bold');
    act(() => editorOf(textbox).commands.setTextSelection({ from: 1, to: 5 }));
    await userEvent.keyboard('{Control>}b{/Control}');
    expect(bodyIn(textbox)).toBe('**bold**');
    await userEvent.keyboard('{Control>}i{/Control}');
    expect(bodyIn(textbox)).toBe('***bold***');
  });
});

describe('mention chips', () => {
  it('suggests members as the user types and puts a chip in with Enter, sent as the token with single spaces', async () => {
    const { props, textbox } = renderComposer();
    await typeIn(textbox, 'ping @gr');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['GHGrace Hopper', 'GHGregory House']);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    expect(textbox.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(props.onSend).not.toHaveBeenCalled();
    // The person sees a chip, never the markup.
    const chip = textbox.querySelector('[data-mention]');
    expect(chip?.textContent).toBe('@Gregory House');
    expect(chip?.getAttribute('contenteditable')).toBe('false');
    expect(textbox.textContent).not.toContain('](');
    // A space typed after the chip does not double the one it came with.
    await userEvent.keyboard(' can you look?{Enter}');
    expect(props.onSend).toHaveBeenCalledWith('ping @[Gregory House](u4) can you look?');
  });

  it('removes a chip whole with Backspace', async () => {
    const { props, textbox } = renderComposer();
    await typeIn(textbox, 'hi @al');
    await userEvent.keyboard('{Enter}');
    expect(bodyIn(textbox)).toBe('hi @[Alan Turing](u3) ');
    await userEvent.keyboard('{Backspace}');
    expect(bodyIn(textbox)).toBe('hi @[Alan Turing](u3)');
    await userEvent.keyboard('{Backspace}');
    expect(bodyIn(textbox)).toBe('hi ');
    expect(textbox.querySelector('[data-mention]')).toBeNull();
    await userEvent.keyboard('there{Enter}');
    expect(props.onSend).toHaveBeenCalledWith('hi there');
  });

  it('picks with the mouse and closes with Escape', async () => {
    const { textbox } = renderComposer();
    await typeIn(textbox, '@al');
    await userEvent.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('option', { name: /Alan Turing/ }) });
    expect(bodyIn(textbox)).toBe('@[Alan Turing](u3) ');
    await userEvent.keyboard('@');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows the mentions of a message being edited as chips, and saves them as tokens', async () => {
    const editing = message('m1', { body: 'ask @[Grace Hopper](u2)', canEdit: true });
    const { props, textbox } = renderComposer({ editing });
    expect(textbox.querySelector('[data-mention]')?.textContent).toBe('@Grace Hopper');
    await focusAt(textbox, 'end');
    await userEvent.keyboard(' today{Enter}');
    expect(props.onSaveEdit).toHaveBeenCalledWith(editing, 'ask @[Grace Hopper](u2) today');
  });

  it('says when no one matches', async () => {
    const { textbox } = renderComposer();
    await typeIn(textbox, '@zzz');
    expect(screen.getByText('No one matches')).toBeTruthy();
  });
});

describe('composer drafts and typing', () => {
  it('starts from a kept draft, chips included, and reports every change of the new message', async () => {
    const onTextChange = vi.fn();
    const { props, textbox } = renderComposer({ initialText: 'draft for @[Grace Hopper](u2)', onTextChange });
    expect(textbox.querySelector('[data-mention]')?.textContent).toBe('@Grace Hopper');
    await focusAt(textbox, 'end');
    await userEvent.keyboard('!');
    expect(onTextChange).toHaveBeenLastCalledWith('draft for @[Grace Hopper](u2)!');
    await userEvent.keyboard('{Enter}');
    expect(props.onSend).toHaveBeenCalledWith('draft for @[Grace Hopper](u2)!');
    expect(onTextChange).toHaveBeenLastCalledWith('');
  });

  it('keeps the draft out of the way while a message is edited', async () => {
    const onTextChange = vi.fn();
    const { props, textbox, view } = renderComposer({ initialText: 'my draft', onTextChange });
    const editing = message('m1', { body: 'old text', canEdit: true });
    view.rerender(<Composer {...props} onTextChange={onTextChange} editing={editing} />);
    expect(bodyIn(textbox)).toBe('old text');
    await userEvent.keyboard(' fixed');
    expect(onTextChange).not.toHaveBeenCalled();
    view.rerender(<Composer {...props} onTextChange={onTextChange} editing={null} />);
    expect(bodyIn(textbox)).toBe('my draft');
  });

  it('says typing stopped when the text is cleared or sent', async () => {
    const onStopTyping = vi.fn();
    const { props, textbox } = renderComposer({ onStopTyping });
    await typeIn(textbox, 'ab');
    expect(props.onTyping).toHaveBeenCalled();
    expect(onStopTyping).not.toHaveBeenCalled();
    await userEvent.keyboard('{Backspace}{Backspace}');
    expect(onStopTyping).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('c{Enter}');
    expect(props.onSend).toHaveBeenCalledWith('c');
    expect(onStopTyping).toHaveBeenCalledTimes(2);
  });
});

describe('composer attachments', () => {
  const pdf = new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' });

  it('picks files with the paperclip', async () => {
    const onAttach = vi.fn();
    renderComposer({ onAttach });
    const input = screen.getByTestId('attach-input') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    await userEvent.click(screen.getByRole('button', { name: 'Attach files' }));
    expect(click).toHaveBeenCalled();
    await userEvent.upload(input, [pdf]);
    expect(onAttach).toHaveBeenCalledWith([pdf]);
  });

  it('attaches pasted files and leaves pasted text to the textbox', async () => {
    const onAttach = vi.fn();
    const { textbox } = renderComposer({ onAttach });
    await userEvent.click(textbox);
    await userEvent.paste({ files: [pdf], items: [], types: ['Files'], getData: () => '' } as unknown as DataTransfer);
    expect(onAttach).toHaveBeenCalledWith([pdf]);
    await userEvent.paste('words');
    expect(bodyIn(textbox)).toBe('words');
    expect(onAttach).toHaveBeenCalledTimes(1);
  });

  it('has no paperclip where nothing can be attached', () => {
    renderComposer();
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
  });
});
