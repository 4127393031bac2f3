import { describe, expect, it } from 'vitest';
import { SocketRegistry, type SocketConnection } from './sockets';

describe('SocketRegistry', () => {
  it('tells when a user’s first connection opens and their last one closes', () => {
    const registry = new SocketRegistry();
    const heard: [string, string][] = [];
    registry.onChange((userId, state) => heard.push([userId, state]));
    const first: SocketConnection = { userId: null };
    const second: SocketConnection = { userId: null };
    registry.attach(first, 'ann');
    registry.attach(first, 'ann');
    registry.attach(second, 'ann');
    expect(heard).toEqual([['ann', 'online']]);
    registry.detach(first);
    registry.detach(first);
    expect(registry.isConnected('ann')).toBe(true);
    registry.detach(second);
    expect(heard).toEqual([
      ['ann', 'online'],
      ['ann', 'offline'],
    ]);
    expect(registry.isConnected('ann')).toBe(false);
  });

  it('tells away and back while connected, and forgets away when the last connection closes', () => {
    const registry = new SocketRegistry();
    const heard: [string, string][] = [];
    registry.onChange((userId, state) => heard.push([userId, state]));
    const connection: SocketConnection = { userId: null };
    registry.attach(connection, 'ann');
    registry.setAway('ann', true);
    registry.setAway('ann', true);
    expect(registry.state('ann')).toBe('away');
    registry.setAway('ann', false);
    registry.setAway('ann', true);
    registry.detach(connection);
    expect(registry.state('ann')).toBe('offline');
    registry.attach({ userId: null }, 'ann');
    expect(heard).toEqual([
      ['ann', 'online'],
      ['ann', 'away'],
      ['ann', 'online'],
      ['ann', 'away'],
      ['ann', 'offline'],
      ['ann', 'online'],
    ]);
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
