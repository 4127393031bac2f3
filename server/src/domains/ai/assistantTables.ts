/** The AI assistant's tables (none yet). */
export {};
