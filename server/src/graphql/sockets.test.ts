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
    expect(heard).toEqual([['ann', true], ['ann', false]]);
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
