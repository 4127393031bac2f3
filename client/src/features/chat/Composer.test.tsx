// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupAppI18n } from '../../test/i18n';
import { Composer, type ComposerProps } from './Composer';
import { message } from './testFixtures';

const people = [
  { id: 'u2', name: 'Grace Hopper', profileImg: null },
  { id: 'u3', name: 'Alan Turing', profileImg: null },
  { id: 'u4', name: 'Gregory House', profileImg: null },
];

function renderComposer(overrides: Partial<ComposerProps> = {}) {
  const props: ComposerProps = {
    placeholder: 'Write a message…', editing: null, replyTo: null, candidates: people,
    onSend: vi.fn(), onSaveEdit: vi.fn(), onCancel: vi.fn(), onEditLast: vi.fn(), onTyping: vi.fn(), ...overrides,
  };
  const view = render(<Composer {...props} />);
  return { props, view, textbox: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement };
}

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(cleanup);

describe('composer keys', () => {
  it('sends on Enter and clears, and breaks the line on Shift+Enter', async () => {
    const { props, textbox } = renderComposer();
    await userEvent.type(textbox, 'first line{Shift>}{Enter}{/Shift}second');
    expect(textbox.value).toBe('first line\nsecond');
    expect(props.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(props.onSend).toHaveBeenCalledWith('first line\nsecond');
    expect(textbox.value).toBe('');
    expect(props.onTyping).toHaveBeenCalled();
  });

  it('does not send an empty or blank message', async () => {
    const { props, textbox } = renderComposer();
    await userEvent.type(textbox, '   {Enter}');
    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('edits the last message on Up in an empty composer only', async () => {
    const { props, textbox } = renderComposer();
    await userEvent.type(textbox, 'x{ArrowUp}');
    expect(props.onEditLast).not.toHaveBeenCalled();
    await userEvent.clear(textbox);
    await userEvent.keyboard('{ArrowUp}');
    expect(props.onEditLast).toHaveBeenCalledTimes(1);
  });

  it('fills in the message being edited, saves it on Enter, and Escape cancels', async () => {
    const editing = message('m1', { body: 'old text', canEdit: true });
    const { props, textbox, view } = renderComposer({ editing });
    expect(textbox.value).toBe('old text');
    expect(screen.getByText('Editing your message')).toBeTruthy();
    await userEvent.type(textbox, ' fixed{Enter}');
    expect(props.onSaveEdit).toHaveBeenCalledWith(editing, 'old text fixed');
    expect(props.onCancel).toHaveBeenCalledTimes(1);
    view.rerender(<Composer {...props} editing={editing} />);
    await userEvent.keyboard('{Escape}');
    expect(props.onCancel).toHaveBeenCalledTimes(2);
  });

  it('cancels a reply with Escape', async () => {
    const { props, textbox } = renderComposer({ replyTo: message('m1', { body: 'the question' }) });
    expect(screen.getByText('Replying to Grace Hopper')).toBeTruthy();
    await userEvent.type(textbox, '{Escape}');
    expect(props.onCancel).toHaveBeenCalledTimes(1);
  });

  it('formats with Ctrl+B and Ctrl+I', async () => {
    const { textbox } = renderComposer();
    await userEvent.type(textbox, 'bold');
    textbox.setSelectionRange(0, 4);
    await userEvent.keyboard('{Control>}b{/Control}');
    expect(textbox.value).toBe('**bold**');
    await userEvent.keyboard('{Control>}i{/Control}');
    expect(textbox.value).toBe('***bold***');
  });
});

describe('mention autocomplete', () => {
  it('suggests members as the user types and inserts the token with Enter', async () => {
    const { props, textbox } = renderComposer();
    await userEvent.type(textbox, 'ping @gr');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['GHGrace Hopper', 'GHGregory House']);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(textbox.value).toBe('ping @[Gregory House](u4) ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('picks with the mouse and closes with Escape', async () => {
    const { textbox } = renderComposer();
    await userEvent.type(textbox, '@al');
    await userEvent.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('option', { name: /Alan Turing/ }) });
    expect(textbox.value).toBe('@[Alan Turing](u3) ');
    await userEvent.type(textbox, '@');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says when no one matches', async () => {
    const { textbox } = renderComposer();
    await userEvent.type(textbox, '@zzz');
    expect(screen.getByText('No one matches')).toBeTruthy();
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
    expect(textbox.value).toBe('words');
    expect(onAttach).toHaveBeenCalledTimes(1);
  });

  it('has no paperclip where nothing can be attached', () => {
    renderComposer();
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
  });
});
