import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** One request the app made to "Stripe": method, path, its form-encoded parameters (flat, as sent) and headers. */
export interface StripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
  idempotencyKey: string | undefined;
}

type Answer = { status: number; body: unknown };

/**
 * A local HTTP server answering the app's Stripe API calls as Stripe's v1 API does (no Stripe account is
 * reachable here): Checkout Sessions, billing-portal sessions, coupons, customers and subscriptions. It checks
 * each request (the secret key as a Bearer token, form-encoded POST bodies, required parameters) and answers
 * with Stripe's error shape when one is wrong, so the official package sees real API answers. Tests put the
 * subscriptions it should know in `subscriptions` and read what was asked in `requests`.
 */
export class FakeStripe {
  readonly requests: StripeRequest[] = [];
  /** Subscriptions GET /v1/subscriptions/:id answers, by id. */
  readonly subscriptions = new Map<string, Record<string, unknown>>();
  /** The next request fails with this status (Stripe's api_error), once. */
  failNext: number | null = null;
  url = '';
  private server: Server | undefined;
  private counter = 0;

  constructor(private readonly secretKey: string) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.handle(request, Buffer.concat(chunks).toString('utf8'), response));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('fake Stripe did not bind a TCP port');
    this.url = `http://127.0.0.1:${address.port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The requests made to one path (and method). */
  requestsTo(method: string, path: string): StripeRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_test${String(this.counter).padStart(6, '0')}`;
  }

  private handle(request: IncomingMessage, body: string, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const method = request.method ?? 'GET';
    const contentType = request.headers['content-type'];
    const params = Object.fromEntries(new URLSearchParams(method === 'GET' ? url.search : body));
    const recorded: StripeRequest = {
      method,
      path: url.pathname,
      params,
      authorization: request.headers.authorization,
      contentType,
      idempotencyKey: header(request, 'idempotency-key'),
    };
    this.requests.push(recorded);
    const answer = this.answer(recorded);
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${this.counter}` });
    response.end(JSON.stringify(answer.body));
  }

  private answer(request: StripeRequest): Answer {
    if (request.authorization !== `Bearer ${this.secretKey}`) return stripeError(401, 'authentication_error', 'Invalid API Key provided.');
    if (this.failNext !== null) {
      const status = this.failNext;
      this.failNext = null;
      return stripeError(status, 'api_error', 'An unexpected error occurred (fake).');
    }
    if (request.method === 'POST' && !request.contentType?.startsWith('application/x-www-form-urlencoded'))
      return stripeError(400, 'invalid_request_error', 'Stripe takes form-encoded POST bodies.');
    const { method, path, params } = request;
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.checkoutSession(params);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!params.customer) return missing('customer');
      const id = this.nextId('bps');
      return ok({
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    if (method === 'POST' && path === '/v1/coupons') {
      if (!params.amount_off || !params.currency) return missing(params.amount_off ? 'currency' : 'amount_off');
      return ok({
        id: this.nextId('coupon'),
        object: 'coupon',
        amount_off: Number(params.amount_off),
        currency: params.currency,
        duration: params.duration,
        valid: true,
      });
    }
    if (method === 'POST' && path === '/v1/customers')
      return ok({ id: this.nextId('cus'), object: 'customer', email: params.email ?? null, balance: 0 });
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subscription) {
      const found = this.subscriptions.get(decodeURIComponent(subscription[1]!));
      return found
        ? ok(found)
        : stripeError(404, 'invalid_request_error', `No such subscription: '${subscription[1]}'`, 'resource_missing');
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private checkoutSession(params: Record<string, string>): Answer {
    const mode = params.mode;
    if (mode !== 'subscription' && mode !== 'payment') return missing('mode');
    if (!params['line_items[0][price]']) return missing('line_items[0][price]');
    if (!params.success_url) return missing('success_url');
    if (params.customer && params.customer_creation)
      return stripeError(400, 'invalid_request_error', 'customer_creation cannot be used with customer.');
    if (mode === 'subscription' && params.customer_creation)
      return stripeError(400, 'invalid_request_error', 'customer_creation can only be used in payment mode.');
    const id = this.nextId('cs');
    const metadata = Object.fromEntries(
      Object.entries(params)
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    );
    return ok({
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      metadata,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      url: `https://checkout.stripe.test/c/pay/${id}`,
    });
  }
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function ok(body: unknown): Answer {
  return { status: 200, body };
}

function stripeError(status: number, type: string, message: string, code?: string): Answer {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

function missing(parameter: string): Answer {
  return stripeError(400, 'invalid_request_error', `Missing required param: ${parameter}.`, 'parameter_missing');
}

/** A Stripe subscription object as the API (version 2025 and later) shapes it: the period's end on its item. */
export function stripeSubscription(options: {
  id: string;
  customer: string;
  price: string;
  quantity: number;
  status?: string;
  currentPeriodEnd: number;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
  currency?: string;
  interval?: 'month' | 'year';
}): Record<string, unknown> {
  return {
    id: options.id,
    object: 'subscription',
    customer: options.customer,
    status: options.status ?? 'active',
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    currency: options.currency ?? 'usd',
    metadata: options.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${options.id}`,
          object: 'subscription_item',
          quantity: options.quantity,
          current_period_start: options.currentPeriodEnd - 30 * 86_400,
          current_period_end: options.currentPeriodEnd,
          price: {
            id: options.price,
            object: 'price',
            currency: options.currency ?? 'usd',
            recurring: { interval: options.interval ?? 'month' },
          },
        },
      ],
    },
  };
}

/** The keys and price ids the Stripe tests configure (STRIPE_PRICES: plan, then period, then currency). */
export const stripeTestSettings = {
  secretKey: 'sk_test_fake_key_for_tests',
  webhookSecret: 'whsec_test_fake_secret_for_tests',
  prices: {
    basic: {
      monthly: { usd: 'price_basic_monthly_usd', eur: 'price_basic_monthly_eur' },
      yearly: { usd: 'price_basic_yearly_usd' },
    },
    unlimited: { monthly: { usd: 'price_unlimited_monthly_usd' }, yearly: { gbp: 'price_unlimited_yearly_gbp' } },
    business: { lifetime: { usd: 'price_business_lifetime_usd' } },
  },
} as const;

/** The server's Stripe settings pointing the official package at `fake`. */
export function stripeEnvironment(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: stripeTestSettings.secretKey,
    STRIPE_WEBHOOK_SECRET: stripeTestSettings.webhookSecret,
    STRIPE_PRICES: JSON.stringify(stripeTestSettings.prices),
    STRIPE_API_URL: fake.url,
  };
}
