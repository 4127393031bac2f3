/**
 * Plans and billing (issue 20), served as two modules of one area: billing (plans, subscriptions and their
 * lifecycle, seats, invoices, promotion codes, contact sales, plans set by an instance administrator) and
 * Stripe (checkout, the customer portal and webhooks, when configured), which records through billing's commands.
 */
export { billingModule } from './billing';
export { stripeModule } from './stripe';
