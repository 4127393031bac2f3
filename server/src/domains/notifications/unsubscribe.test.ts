import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken, unsubscribeUrl } from './unsubscribe';

const secret = 'a server secret of some length';

describe('unsubscribe tokens', () => {
  it('name the person and team they were made for', () => {
    const token = unsubscribeToken(secret, 'user1', 'team1');
    expect(readUnsubscribeToken(secret, token)).toEqual({ userId: 'user1', teamId: 'team1' });
  });

  it('are refused under another secret, for another person, altered or malformed', () => {
    const token = unsubscribeToken(secret, 'user1', 'team1');
    const [, , mac] = token.split('.');
    expect(readUnsubscribeToken('another secret', token)).toBeNull();
    expect(readUnsubscribeToken(secret, `user2.team1.${mac}`)).toBeNull();
    expect(readUnsubscribeToken(secret, `${token}x`)).toBeNull();
    expect(readUnsubscribeToken(secret, `${token}.extra`)).toBeNull();
    expect(readUnsubscribeToken(secret, '')).toBeNull();
    expect(readUnsubscribeToken(secret, 'x'.repeat(400))).toBeNull();
  });

  it('travel in a link that needs no sign-in', () => {
    expect(unsubscribeUrl('https://work.example', 'a.b.c')).toBe('https://work.example/notifications/unsubscribe?token=a.b.c');
  });
});
