import { describe, expect, it, vi } from 'vitest';
import { createStaleReload, importRetryDelayMs, isDynamicImportError, reloadFlagKey, reloadGraceMs } from './staleReload';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

function setup(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  const reload = vi.fn();
  const sleep = vi.fn(async (_ms: number) => {});
  const log = { warn: vi.fn() };
  const recovery = createStaleReload({ storage, reload, sleep, log });
  recovery.init();
  return { storage, reload, sleep, log, recovery };
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: https://app.example/assets/Tasks-abc.js');
const pending = Symbol('pending');
const settle = <T>(promise: Promise<T>) =>
  Promise.race([promise, new Promise<typeof pending>((resolve) => setTimeout(() => resolve(pending), 20))]);

describe('stale-page recovery (SPEC §4, §8)', () => {
  it.each([
    'Failed to fetch dynamically imported module: /assets/a.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: /assets/a.js',
  ])('SPEC §8: recognises "%s" as a failed dynamic import', (message) => {
    expect(isDynamicImportError(new Error(message))).toBe(true);
  });

  it('SPEC §8: does not treat other errors as failed dynamic imports', () => {
    expect(isDynamicImportError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDynamicImportError({ message: 'Importing a module script failed' })).toBe(false);
  });

  it('SPEC §8: retries a failed import once after 1 s and returns the module', async () => {
    const { recovery, sleep, reload } = setup();
    const importer = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce({ default: 'page' });
    await expect(recovery.load(importer)).resolves.toEqual({ default: 'page' });
    expect(importer).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(importRetryDelayMs);
    expect(importRetryDelayMs).toBe(1000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('SPEC §4: reloads the page once when the retry fails too, setting the session flag first', async () => {
    const { recovery, reload, storage, sleep } = setup();
    sleep.mockImplementation((ms: number) => (ms === reloadGraceMs ? new Promise<void>(() => {}) : Promise.resolve()));
    const importer = vi.fn().mockRejectedValue(chunkError());
    reload.mockImplementation(() => expect(storage.values.get(reloadFlagKey)).toBeDefined());
    expect(await settle(recovery.load(importer))).toBe(pending);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.values.has(reloadFlagKey)).toBe(true);
  });

  it('a reload that never happens (cancelled by a leave-page prompt) surfaces the error after a grace period', async () => {
    const { recovery, reload, sleep } = setup();
    const error = chunkError();
    await expect(recovery.load(vi.fn().mockRejectedValue(error))).rejects.toBe(error);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalledWith(reloadGraceMs);
  });

  it('SPEC §4: the reloaded page reads the flag into memory and clears it from storage', () => {
    const { storage, recovery } = setup({ [reloadFlagKey]: 'true' });
    expect(storage.values.has(reloadFlagKey)).toBe(false);
    expect(recovery.hasReloadedThisSession()).toBe(true);
  });

  it('SPEC §8: a second occurrence in the session is not reloaded again, and is logged', async () => {
    const { recovery, reload, log } = setup({ [reloadFlagKey]: 'true' });
    const error = chunkError();
    await expect(recovery.load(vi.fn().mockRejectedValue(error))).rejects.toBe(error);
    expect(reload).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalled();
  });

  it('SPEC §4: several chunks failing together reload the page only once', async () => {
    const { recovery, reload, sleep } = setup();
    sleep.mockImplementation((ms: number) => (ms === reloadGraceMs ? new Promise<void>(() => {}) : Promise.resolve()));
    const importer = vi.fn().mockRejectedValue(chunkError());
    const results = await Promise.all([settle(recovery.load(importer)), settle(recovery.load(importer))]);
    expect(results).toEqual([pending, pending]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('passes other import errors through without retrying', async () => {
    const { recovery, sleep, reload } = setup();
    const error = new SyntaxError('Unexpected token');
    await expect(recovery.load(vi.fn().mockRejectedValue(error))).rejects.toBe(error);
    expect(sleep).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
