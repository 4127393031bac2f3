/** The billing area's tables (none yet). */
export {};
