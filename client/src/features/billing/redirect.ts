/** Leaves the app for a payment page (Stripe Checkout or its customer portal); a module of its own so tests can stand in for it. */
export function leaveForPayment(url: string): void {
  window.location.assign(url);
}
