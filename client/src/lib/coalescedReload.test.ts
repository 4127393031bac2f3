// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { coalesceReloads, reloadGatheringMs, useCoalescedReload } from './coalescedReload';

/** A read that stays open until the test settles it. */
function openRead() {
  const settles: (() => void)[] = [];
  const read = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        settles.push(resolve);
      }),
  );
  return { read, settleNext: () => settles.shift()?.() };
}

afterEach(() => vi.useRealTimers());

describe('coalesceReloads', () => {
  it('reads once for the requests that arrive within the gathering time of the first (several subscriptions answering one reconnection)', async () => {
    vi.useFakeTimers();
    const { read, settleNext } = openRead();
    const reload = coalesceReloads(read);
    reload.request();
    await vi.advanceTimersByTimeAsync(reloadGatheringMs - 1);
    reload.request();
    reload.request();
    expect(read).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(1);
    settleNext();
    await vi.advanceTimersByTimeAsync(reloadGatheringMs * 2);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads once more after a read that was under way when a request came, and only once', async () => {
    vi.useFakeTimers();
    const { read, settleNext } = openRead();
    const reload = coalesceReloads(read);
    reload.request();
    await vi.advanceTimersByTimeAsync(reloadGatheringMs);
    reload.request();
    reload.request();
    expect(read).toHaveBeenCalledTimes(1);
    settleNext();
    // No gathering wait this time: the requests came while the read was under way.
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(2);
    settleNext();
    await vi.advanceTimersByTimeAsync(reloadGatheringMs * 2);
    expect(read).toHaveBeenCalledTimes(2);
    // Done: the next request is a new read.
    reload.request();
    await vi.advanceTimersByTimeAsync(reloadGatheringMs);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('keeps working after a read failed', async () => {
    vi.useFakeTimers();
    const read = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const reload = coalesceReloads(read);
    reload.request();
    await vi.advanceTimersByTimeAsync(reloadGatheringMs);
    reload.request();
    await vi.advanceTimersByTimeAsync(reloadGatheringMs);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('drops a requested read that has not started once cancelled (the view is gone)', async () => {
    vi.useFakeTimers();
    const read = vi.fn();
    const reload = coalesceReloads(read);
    reload.request();
    reload.cancel();
    await vi.advanceTimersByTimeAsync(reloadGatheringMs * 2);
    expect(read).not.toHaveBeenCalled();
  });
});

describe('useCoalescedReload', () => {
  it('runs the read of the latest render, and nothing once the component is gone', async () => {
    vi.useFakeTimers();
    const first = vi.fn();
    const latest = vi.fn();
    const { result, rerender, unmount } = renderHook(({ read }) => useCoalescedReload(read), { initialProps: { read: first } });
    const request = result.current;
    rerender({ read: latest });
    expect(result.current).toBe(request);
    request();
    await vi.advanceTimersByTimeAsync(reloadGatheringMs);
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);

    request();
    unmount();
    await vi.advanceTimersByTimeAsync(reloadGatheringMs * 2);
    expect(latest).toHaveBeenCalledTimes(1);
  });
});
