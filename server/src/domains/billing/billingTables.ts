/** Billing's tables (none yet). */
export {};
