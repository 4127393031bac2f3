// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupTestI18n } from '../test/i18n';
import { Dialog } from './Dialog';

beforeAll(async () => {
  await setupTestI18n();
});
afterEach(cleanup);

/** A page with a heading, a button that opens a dialog from state (no Radix trigger), and what the dialog can create. */
function Page({ opener = true, createTarget = false }: { opener?: boolean; createTarget?: boolean }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState(false);
  const [showOpener, setShowOpener] = useState(opener);
  return (
    <>
      <h1>Board</h1>
      {showOpener && (
        <button type="button" onClick={() => setOpen(true)}>
          New thing
        </button>
      )}
      {created && <a href="/thing">The new thing</a>}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="New thing"
        returnFocusTo={createTarget ? () => (created ? screen.queryByRole('link', { name: 'The new thing' }) : undefined) : undefined}
      >
        <button
          type="button"
          onClick={() => {
            setCreated(true);
            if (!opener) setShowOpener(false);
            setOpen(false);
          }}
        >
          Create
        </button>
        <button type="button" onClick={() => setShowOpener(false)}>
          Remove opener
        </button>
      </Dialog>
    </>
  );
}

describe('focus after a dialog closes', () => {
  it('goes back to the button that opened it, on Escape', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'New thing' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New thing' })));
  });

  it('goes to the item the dialog created when it names one', async () => {
    render(<Page createTarget />);
    await userEvent.click(screen.getByRole('button', { name: 'New thing' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'The new thing' })));
  });

  it('goes to the main heading when the opener is gone, never to the body', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'New thing' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove opener' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Board' })));
  });
});
