/** The AI tools' tables (none yet). */
export {};
