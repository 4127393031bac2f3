import { describe, expect, it } from 'vitest';
import { redactUrlSecrets, redactedRequestSerializer } from './logRedaction';

describe('redactUrlSecrets', () => {
  it('replaces share, token and signature values and keeps the rest', () => {
    expect(redactUrlSecrets('/collab/abc?share=s3cret')).toBe('/collab/abc?share=[redacted]');
    expect(redactUrlSecrets('/collab/abc?x=1&token=eyJ.a.b&y=2')).toBe('/collab/abc?x=1&token=[redacted]&y=2');
    expect(redactUrlSecrets('/media/files/f?expires=123&signature=abc%2Bdef#top')).toBe(
      '/media/files/f?expires=123&signature=[redacted]#top',
    );
    expect(redactUrlSecrets('/collab/abc?SHARE=a&Token=b')).toBe('/collab/abc?SHARE=[redacted]&Token=[redacted]');
    expect(redactUrlSecrets('/graphql?shared=1&mytoken=2')).toBe('/graphql?shared=1&mytoken=2');
    expect(redactUrlSecrets('/collab/share=x')).toBe('/collab/share=x');
  });

  it('replaces the token of a calendar feed and of a guest answer link in the path', () => {
    expect(redactUrlSecrets('/calendar/feed/Abc_123-x.ics')).toBe('/calendar/feed/[redacted]');
    expect(redactUrlSecrets('/calendar/rsvp/t0k3n?lang=fr')).toBe('/calendar/rsvp/[redacted]?lang=fr');
    expect(redactUrlSecrets('/calendar/itip')).toBe('/calendar/itip');
  });

  it('serializes a request as Fastify does, with the URL redacted', () => {
    expect(
      redactedRequestSerializer({
        method: 'GET',
        url: '/collab/d?share=x',
        headers: {},
        host: 'h',
        ip: '1.2.3.4',
        socket: { remotePort: 5 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/collab/d?share=[redacted]',
      version: undefined,
      host: 'h',
      remoteAddress: '1.2.3.4',
      remotePort: 5,
    });
  });
});
