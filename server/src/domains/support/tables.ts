/** The support area's tables (none yet). */
export {};
