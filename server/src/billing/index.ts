import type { Services } from '../graphql/context';
import { StripeGateway } from './stripeGateway';

export {
  StripeGateway,
  StripeRequestError,
  StripeSignatureError,
  addressOptions,
  type CheckoutSessionParameters,
  type StripeCheckoutSession,
  type StripeEvent,
  type StripeInvoice,
  type StripeSettings,
  type StripeSubscription,
} from './stripeGateway';

const gateways = new WeakMap<Services, StripeGateway | null>();

/** The app's Stripe gateway, or null when Stripe is not configured (one per services instance). */
export function stripeGatewayOf(services: Services): StripeGateway | null {
  if (!gateways.has(services)) {
    const settings = services.config.billing.stripe;
    gateways.set(services, settings ? new StripeGateway(settings) : null);
  }
  return gateways.get(services)!;
}
