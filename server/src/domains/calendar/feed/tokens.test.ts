import { describe, expect, it } from 'vitest';
import { languageOfAcceptLanguage } from './texts';
import { feedTokenPattern, hashFeedToken, newFeedToken, readRsvpToken, rsvpToken } from './tokens';

describe('feed and answer tokens', () => {
  it('makes unguessable feed tokens and keeps only their hash', () => {
    const token = newFeedToken();
    expect(token).toMatch(feedTokenPattern);
    expect(newFeedToken()).not.toBe(token);
    expect(hashFeedToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashFeedToken(token)).toBe(hashFeedToken(token));
  });

  it('reads back an answer token made with the same secret, for that event and address only', () => {
    const token = rsvpToken('secret-one', 'event-1', 'Grace@Guest.Example');
    expect(readRsvpToken('secret-one', token)).toEqual({ eventId: 'event-1', email: 'grace@guest.example' });
    expect(readRsvpToken('secret-two', token)).toBeNull();
    const [eventId, , mac] = token.split('.');
    const otherAddress = `${eventId}.${Buffer.from('linus@guest.example').toString('base64url')}.${mac}`;
    expect(readRsvpToken('secret-one', otherAddress)).toBeNull();
    const otherEvent = token.replace(/^event-1/, 'event-2');
    expect(readRsvpToken('secret-one', otherEvent)).toBeNull();
    for (const garbage of ['', 'a.b', 'a.b.c.d', `${token}x`, 'x'.repeat(1000)]) expect(readRsvpToken('secret-one', garbage)).toBeNull();
  });

  it('picks the answer page language from Accept-Language by quality, English when none fits', () => {
    expect(languageOfAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(languageOfAcceptLanguage('ja, de;q=0.5, es;q=0.7')).toBe('es');
    expect(languageOfAcceptLanguage('pt-BR')).toBe('pt');
    expect(languageOfAcceptLanguage('de;q=0, it')).toBe('it');
    expect(languageOfAcceptLanguage('ja')).toBe('en');
    expect(languageOfAcceptLanguage(undefined)).toBe('en');
  });
});
