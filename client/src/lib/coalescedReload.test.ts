// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { coalesceReloads, useCoalescedReload } from './coalescedReload';
import { ResumeSettling } from './resumeSettling';

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

/** Lets every pending promise and zero-delay timer run. */
const turns = async (count = 5) => {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('coalesceReloads', () => {
  it('reads once, after the last resuming subscription heard where it stands (the gaps of one reconnection)', async () => {
    const settling = new ResumeSettling();
    const first = settling.begin();
    const second = settling.begin();
    const { read, settleNext } = openRead();
    const reload = coalesceReloads(read, () => settling.settled());
    first();
    reload.request();
    await turns();
    expect(read).not.toHaveBeenCalled();
    second();
    reload.request();
    await turns();
    expect(read).toHaveBeenCalledTimes(1);
    settleNext();
    await turns();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads at once when no subscription is resuming, sharing the read between requests of one turn', async () => {
    const { read } = openRead();
    const reload = coalesceReloads(read, () => new ResumeSettling().settled());
    reload.request();
    reload.request();
    await turns();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads once more after a read that was under way when a request came, and only once', async () => {
    const { read, settleNext } = openRead();
    const reload = coalesceReloads(read, () => Promise.resolve());
    reload.request();
    await turns();
    reload.request();
    reload.request();
    expect(read).toHaveBeenCalledTimes(1);
    settleNext();
    await turns();
    expect(read).toHaveBeenCalledTimes(2);
    settleNext();
    await turns();
    expect(read).toHaveBeenCalledTimes(2);
    // Done: the next request is a new read.
    reload.request();
    await turns();
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('keeps working after a read failed', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const reload = coalesceReloads(read, () => Promise.resolve());
    reload.request();
    await turns();
    reload.request();
    await turns();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('drops a requested read that has not started once cancelled (the view is gone)', async () => {
    const settling = new ResumeSettling();
    const done = settling.begin();
    const read = vi.fn();
    const reload = coalesceReloads(read, () => settling.settled());
    reload.request();
    reload.cancel();
    done();
    await turns();
    expect(read).not.toHaveBeenCalled();
  });
});

describe('ResumeSettling', () => {
  it('is settled at once with nothing waiting, and after the cap when a notice never comes', async () => {
    vi.useFakeTimers();
    try {
      const settling = new ResumeSettling(1000);
      await settling.settled();
      const done = settling.begin();
      const settled = vi.fn();
      void settling.settled().then(settled);
      await vi.advanceTimersByTimeAsync(999);
      expect(settled).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toHaveBeenCalledTimes(1);
      // A subscription that ends its wait twice counts once.
      done();
      done();
      const again = settling.begin();
      const later = vi.fn();
      void settling.settled().then(later);
      again();
      await vi.advanceTimersByTimeAsync(0);
      expect(later).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('useCoalescedReload', () => {
  it('runs the read of the latest render, and nothing once the component is gone', async () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { result, rerender, unmount } = renderHook(({ read }) => useCoalescedReload(read), { initialProps: { read: first } });
    const request = result.current;
    rerender({ read: latest });
    expect(result.current).toBe(request);
    request();
    await turns();
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);

    request();
    unmount();
    await turns();
    expect(latest).toHaveBeenCalledTimes(1);
  });
});
