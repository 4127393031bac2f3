/** The AI area's tables: the tools' (limits and usage) and the assistant's (conversations and messages). */
export * from './toolsTables';
export * from './assistantTables';
