// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createAppStore, StoreProvider } from '../../lib/store';
import { connectionStatusAtom } from '../../lib/subscriptions';
import { setupTestI18n } from '../../test/i18n';
import { TooltipProvider } from '../../ui';
import { ConnectionIndicator } from './ConnectionIndicator';

beforeAll(async () => {
  await setupTestI18n();
});
afterEach(cleanup);

describe('connection indicator', () => {
  it('says "Reconnecting…" only while the live-updates socket is being retried', () => {
    const store = createAppStore();
    render(
      <StoreProvider store={store}>
        <TooltipProvider>
          <ConnectionIndicator />
        </TooltipProvider>
      </StoreProvider>,
    );
    expect(screen.queryByText('Reconnecting…')).toBeNull();
    act(() => store.set(connectionStatusAtom, 'reconnecting'));
    expect(screen.getByRole('status').textContent).toBe('Reconnecting…');
    act(() => store.set(connectionStatusAtom, 'connected'));
    expect(screen.queryByText('Reconnecting…')).toBeNull();
  });
});
