// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupTestI18n } from '../test/i18n';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorFallback } from './ErrorFallback';

beforeAll(async () => {
  await setupTestI18n();
});
afterEach(cleanup);

function Thrower({ value }: { value: unknown }): never {
  throw value;
}

describe('fallback error screen (SPEC §2)', () => {
  it('SPEC §2: reads "An error occurred: " and the message, with a "Try again" button that resets the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Flaky() {
      const [broken, setBroken] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setBroken(false)}>
            fix
          </button>
          <ErrorBoundary>{broken ? <Thrower value={new Error('Cannot read properties of undefined')} /> : <p>All good</p>}</ErrorBoundary>
        </>
      );
    }
    render(<Flaky />);
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe('An error occurred: Cannot read properties of undefined');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'fix' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('All good')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('SPEC §2: shows "Unknown error" when the thrown value is not an Error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Thrower value="a plain string" />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe('An error occurred: Unknown error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it.each([
    'Failed to fetch dynamically imported module: https://app.example/assets/Tasks-1a2b.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: /assets/Docs.js',
  ])('SPEC §2: offers "Reload", which reloads the page, when %s', async (message) => {
    const reload = vi.fn();
    const onReset = vi.fn();
    render(<ErrorFallback error={new TypeError(message)} onReset={onReset} reload={reload} />);
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe(`An error occurred: ${message}`);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onReset).not.toHaveBeenCalled();
  });

  it('SPEC §2: has exactly one button', () => {
    render(<ErrorFallback error={new Error('boom')} onReset={() => {}} />);
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});
