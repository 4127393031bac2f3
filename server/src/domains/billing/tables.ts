import { pickTable } from '../../db/pickTable';
import * as postgres from './tables.pg';
import * as sqlite from './tables.sqlite';

/**
 * The billing area's tables in this process's dialect (db/pickTable.ts, plan option B3), typed as the SQLite ones:
 * tables.sqlite.ts says what each table and column means, tables.pg.ts is its PostgreSQL twin.
 */
export const billingSubscriptions = pickTable(sqlite.billingSubscriptions, postgres.billingSubscriptions);
export const billingCredits = pickTable(sqlite.billingCredits, postgres.billingCredits);
export const billingInvoices = pickTable(sqlite.billingInvoices, postgres.billingInvoices);
export const promotionCodes = pickTable(sqlite.promotionCodes, postgres.promotionCodes);
export const promotionRedemptions = pickTable(sqlite.promotionRedemptions, postgres.promotionRedemptions);
export const promotionGrants = pickTable(sqlite.promotionGrants, postgres.promotionGrants);
export const salesRequests = pickTable(sqlite.salesRequests, postgres.salesRequests);
export const stripeWebhookEvents = pickTable(sqlite.stripeWebhookEvents, postgres.stripeWebhookEvents);
