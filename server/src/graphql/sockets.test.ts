import { describe, expect, it } from 'vitest';
import { SocketRegistry, type SocketConnection } from './sockets';

describe('SocketRegistry', () => {
  it('tells when a user’s first connection opens and their last one closes', () => {
    const registry = new SocketRegistry();
    const heard: [string, boolean][] = [];
    registry.onChange((userId, connected) => heard.push([userId, connected]));
    const first: SocketConnection = { userId: null };
    const second: SocketConnection = { userId: null };
    registry.attach(first, 'ann');
    registry.attach(first, 'ann');
    registry.attach(second, 'ann');
    expect(heard).toEqual([['ann', true]]);
    registry.detach(first);
    registry.detach(first);
    expect(registry.isConnected('ann')).toBe(true);
    registry.detach(second);
    expect(heard).toEqual([
      ['ann', true],
      ['ann', false],
    ]);
    expect(registry.isConnected('ann')).toBe(false);
  });

  it('never counts a connection that closed before its first subscription authenticated', () => {
    const registry = new SocketRegistry();
    const connection: SocketConnection = { userId: null };
    registry.detach(connection);
    registry.attach(connection, 'ann');
    expect(registry.isConnected('ann')).toBe(false);
  });
});

describe('SocketRegistry per-user cap', () => {
  it('refuses a connection beyond the cap without counting it, and frees a place when one closes', () => {
    const registry = new SocketRegistry({ maxSocketsPerUser: 2 });
    const [first, second, third] = [{ userId: null }, { userId: null }, { userId: null }] as SocketConnection[];
    expect(registry.attach(first!, 'ann')).toBe(true);
    expect(registry.attach(second!, 'ann')).toBe(true);
    expect(registry.attach(third!, 'ann')).toBe(false);
    expect(third!.userId).toBeNull();
    expect(registry.countOf('ann')).toBe(2);
    expect(registry.attach({ userId: null }, 'bob')).toBe(true);
    registry.detach(third!);
    expect(registry.countOf('ann')).toBe(2);
    registry.detach(first!);
    expect(registry.attach({ userId: null }, 'ann')).toBe(true);
    expect(registry.countOf('ann')).toBe(2);
  });
});
