// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAppStore, StoreProvider, useAtomValue } from '../../lib/store';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { openWallAtom } from './atoms';
import { wall } from './fixtures';
import type { Wall } from './operations';
import { embedSnippet, ShareDialog } from './ShareDialog';

function OpenDoc() {
  const open = useAtomValue(openWallAtom);
  return open.wall ? <ShareDialog wall={open.wall} onClose={() => {}} /> : null;
}

function renderShare(doc: Wall) {
  const store = createAppStore();
  store.set(openWallAtom, { id: doc.id, wall: doc, status: 'ready', deleted: false });
  render(
    <StoreProvider store={store}>
      <OpenDoc />
    </StoreProvider>,
  );
  return store;
}

const sharedDoc = wall({
  id: 'w1',
  title: 'Roadmap',
  shared: true,
  shareUrl: 'https://work.example/share/doc/s3cret',
  embed: 'https://work.example/share/doc/s3cret?embed=1',
});

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('share toggle', () => {
  it('turns sharing on and shows the new public link and embed code from the server', async () => {
    const graphql = mockGraphQL({ updateWall: () => ({ data: { updateWall: sharedDoc } }) });
    renderShare(wall({ id: 'w1', title: 'Roadmap' }));
    const toggle = screen.getByRole('switch', { name: 'Share with anyone who has the link' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Public link' })).toBeNull();
    await userEvent.click(toggle);
    expect(await screen.findByRole('textbox', { name: 'Public link' })).toHaveProperty('value', 'https://work.example/share/doc/s3cret');
    expect(screen.getByRole('textbox', { name: 'Embed code' })).toHaveProperty('value', embedSnippet(sharedDoc.embed!, 'Roadmap'));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(graphql.callsOf('updateWall')[0]?.variables).toEqual({ id: 'w1', shared: true });
  });

  it('turns sharing off, and puts the switch back when the server refuses', async () => {
    mockGraphQL({
      updateWall: () => failure('PERMISSION_DENIED', "You don't have permission to manage this project. Ask the creator for permissions."),
    });
    const store = renderShare(sharedDoc);
    await userEvent.click(screen.getByRole('switch', { name: 'Share with anyone who has the link' }));
    await vi.waitFor(() => expect(store.get(openWallAtom).wall?.shared).toBe(true));
    expect(screen.getByRole('switch', { name: 'Share with anyone who has the link' }).getAttribute('aria-checked')).toBe('true');
    expect(within(document.body).getByRole('textbox', { name: 'Public link' })).toBeTruthy();
  });

  it('copies the link', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderShare(sharedDoc);
    await userEvent.click(screen.getByRole('button', { name: 'Copy Public link' }));
    expect(writeText).toHaveBeenCalledWith('https://work.example/share/doc/s3cret');
  });

  it('lets only the author or a space manager change sharing', () => {
    renderShare({ ...sharedDoc, canManage: false });
    expect(screen.getByRole('switch', { name: 'Share with anyone who has the link' })).toHaveProperty('disabled', true);
    expect(screen.getByText("Only the doc's author or a space manager can change sharing.")).toBeTruthy();
  });

  it('escapes the title and URL in the embed code', () => {
    expect(embedSnippet('https://x.example/share/doc/a?embed=1&b="c"', 'A <b> "doc"')).toBe(
      '<iframe src="https://x.example/share/doc/a?embed=1&amp;b=&quot;c&quot;" title="A &lt;b> &quot;doc&quot;" width="100%" height="600" style="border:0" loading="lazy"></iframe>',
    );
  });
});
