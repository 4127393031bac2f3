/** The billing area's tables: billing's (subscriptions, invoices, codes) and Stripe's (processed webhook events). */
export * from './billingTables';
export * from './stripeTables';
