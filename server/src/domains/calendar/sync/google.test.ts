import { describe, expect, it } from 'vitest';
import { googlePrincipalUrl, tokenRequest } from './google';

describe('Google’s token request and principal', () => {
  const client = { clientId: 'id:with space', clientSecret: 'secret/+' };

  it('authenticates the client with HTTP Basic (form-encoded parts) when the issuer lists it', () => {
    const { headers, body } = tokenRequest(client, 'refresh-1', true);
    expect(Object.fromEntries(body)).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    expect(Buffer.from(headers.authorization!.slice('Basic '.length), 'base64').toString()).toBe('id%3Awith+space:secret%2F%2B');
  });

  it('else sends the client id and secret in the body', () => {
    const { headers, body } = tokenRequest(client, 'refresh-1', false);
    expect(headers.authorization).toBeUndefined();
    expect(Object.fromEntries(body)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
      client_id: 'id:with space',
      client_secret: 'secret/+',
    });
  });

  it('names the principal by the e-mail under the configured endpoint', () => {
    expect(googlePrincipalUrl('https://caldav.example/v2/', 'ada@example.com')).toBe('https://caldav.example/v2/ada%40example.com/user');
  });
});
