/** The assistant's personas (ai-api: shared aiPersonas), the first the default; their labels are ai.personas.<key>. */
export const aiPersonas = ['assistant', 'projectManager', 'engineer', 'marketer', 'writer'] as const;
export type AiPersona = (typeof aiPersonas)[number];
