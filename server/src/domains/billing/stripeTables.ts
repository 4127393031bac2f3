/** Stripe's tables (none yet). */
export {};
