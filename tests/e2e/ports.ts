/** Fixed local ports of the browser-test stack (tests/e2e/stack.ts). */
export const e2ePorts = {
  app: Number(process.env.E2E_PORT ?? 3210),
  smtp: Number(process.env.E2E_SMTP_PORT ?? 3211),
  mailbox: Number(process.env.E2E_MAILBOX_PORT ?? 3212),
  oidc: Number(process.env.E2E_OIDC_PORT ?? 3213),
  /** The fake OpenAI-compatible provider (tests/integration/support/fakeOpenAi.ts); its /control/* routes script it. */
  ai: Number(process.env.E2E_AI_PORT ?? 3214),
} as const;

export const oidcClient = { id: 'workspace-e2e', secret: 'workspace-e2e-secret' } as const;
