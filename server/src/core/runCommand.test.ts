import type { MercuriusContext } from 'mercurius';
import { describe, expect, it, vi } from 'vitest';
import { runCommand } from './runCommand';

describe('runCommand', () => {
  it("runs the work through the store's door with the caller, the request's mutation id and the request itself", async () => {
    const run = vi.fn((_context: unknown, work: (unit: string) => unknown) => Promise.resolve(work('the unit')));
    const request = { operation: 'setTask', variables: { id: 't' } };
    const context = { services: { store: { run } }, mutationId: 'key-1', request } as unknown as MercuriusContext;
    const work = vi.fn((unit: unknown) => `done in ${String(unit)}`);

    await expect(runCommand(context, 'user-1', work)).resolves.toBe('done in the unit');
    expect(run).toHaveBeenCalledWith({ actorId: 'user-1', mutationId: 'key-1', request }, work);
  });
});
