// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { setupAppI18n } from '../test/i18n';
import { LoadingScreen, slowLoadingMs } from './LoadingScreen';

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('loading screen', () => {
  it.each(['fullscreen', 'inline'] as const)('offers a reload once loading (%s) takes longer than usual', (variant) => {
    vi.useFakeTimers();
    render(<LoadingScreen variant={variant} />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(slowLoadingMs - 1));
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('This is taking longer than usual.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
