/** The ai area's tables (none yet). */
export {};
