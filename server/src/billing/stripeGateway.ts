import Stripe from 'stripe';
import type { BillingConfig } from '../config';

/** Stripe's settings as config.ts reads them (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICES, STRIPE_API_URL). */
export type StripeSettings = NonNullable<BillingConfig['stripe']>;

/** A Stripe object as the webhook and the API hand it over. */
export type StripeEvent = Stripe.Event;
export type StripeSubscription = Stripe.Subscription;
export type StripeCheckoutSession = Stripe.Checkout.Session;
export type StripeInvoice = Stripe.Invoice;
export type CheckoutSessionParameters = Stripe.Checkout.SessionCreateParams;

/** A webhook whose signature did not verify (forged, missing, for another secret, or too old). */
export class StripeSignatureError extends Error {
  override name = 'StripeSignatureError';
}

/** Stripe refused a request or could not be reached; the message is Stripe's, for the log. */
export class StripeRequestError extends Error {
  override name = 'StripeRequestError';
}

/**
 * What the app asks of Stripe, through the official package: Checkout and customer-portal sessions, a one-off
 * coupon for a team's credit, a subscription's current state, and verifying a webhook's signature. The package
 * talks to STRIPE_API_URL when it is set (tests point it at a local server), otherwise to Stripe itself.
 */
export class StripeGateway {
  private readonly client: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.client = new Stripe(settings.secretKey, {
      ...addressOptions(settings.apiUrl),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
  }

  async createCheckoutSession(parameters: CheckoutSessionParameters): Promise<{ id: string; url: string }> {
    const session = await this.request(() => this.client.checkout.sessions.create(parameters));
    if (!session.url) throw new StripeRequestError('Stripe made a Checkout Session without a URL');
    return { id: session.id, url: session.url };
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    const session = await this.request(() => this.client.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
    return { url: session.url };
  }

  /** A coupon taking `amountOff` cents off once: how a team's credit reaches a Checkout Session. */
  async createCreditCoupon(amountOff: number, currency: string, teamId: string): Promise<string> {
    const coupon = await this.request(() =>
      this.client.coupons.create({ amount_off: amountOff, currency, duration: 'once', name: 'Team credit', metadata: { team: teamId } }),
    );
    return coupon.id;
  }

  retrieveSubscription(subscriptionId: string): Promise<StripeSubscription> {
    return this.request(() => this.client.subscriptions.retrieve(subscriptionId));
  }

  /** The event a webhook carries, once its Stripe-Signature header verifies against the raw body. */
  verifyWebhook(rawBody: string, signature: string | undefined): StripeEvent {
    if (!signature) throw new StripeSignatureError('No Stripe-Signature header');
    try {
      return this.client.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      throw new StripeSignatureError(error instanceof Error ? error.message : String(error));
    }
  }

  private async request<Result>(call: () => Promise<Result>): Promise<Result> {
    try {
      return await call();
    } catch (error) {
      throw new StripeRequestError(error instanceof Error ? error.message : String(error));
    }
  }
}

/** STRIPE_API_URL as the package's host, port and protocol options; none: Stripe's own address. */
export function addressOptions(apiUrl: string | null): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (apiUrl === null) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port), protocol };
}
