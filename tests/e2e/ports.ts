/** Fixed local ports of the browser-test stack (tests/e2e/stack.ts). */
export const e2ePorts = {
  app: Number(process.env.E2E_PORT ?? 3210),
  smtp: Number(process.env.E2E_SMTP_PORT ?? 3211),
  mailbox: Number(process.env.E2E_MAILBOX_PORT ?? 3212),
  oidc: Number(process.env.E2E_OIDC_PORT ?? 3213),
} as const;

export const oidcClient = { id: 'workspace-e2e', secret: 'workspace-e2e-secret' } as const;
