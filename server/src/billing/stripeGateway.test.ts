import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { addressOptions, StripeGateway, StripeSignatureError } from './stripeGateway';

describe('the Stripe gateway', () => {
  it('points the package at STRIPE_API_URL, or leaves Stripe’s own address', () => {
    expect(addressOptions(null)).toEqual({});
    expect(addressOptions('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(addressOptions('https://stripe-proxy.example.com')).toEqual({ host: 'stripe-proxy.example.com', port: 443, protocol: 'https' });
  });

  it('verifies a webhook signed with the webhook secret and refuses any other', () => {
    const gateway = new StripeGateway({ secretKey: 'sk_test', webhookSecret: 'whsec_right', prices: {}, apiUrl: null });
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });
    const signed = (secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(gateway.verifyWebhook(payload, signed('whsec_right')).id).toBe('evt_1');
    expect(() => gateway.verifyWebhook(payload, signed('whsec_wrong'))).toThrow(StripeSignatureError);
    expect(() => gateway.verifyWebhook(payload, undefined)).toThrow(StripeSignatureError);
    expect(() => gateway.verifyWebhook(`${payload} `, signed('whsec_right'))).toThrow(StripeSignatureError);
  });
});
