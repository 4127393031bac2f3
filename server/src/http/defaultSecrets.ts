import type { Config } from '../config';

/**
 * Secrets that appear in examples, in older versions of the compose file, or as a product's factory
 * default. Whoever runs with one of them shares it with everyone who read the same page.
 */
const knownExampleSecrets = new Set([
  'change-this-minio-secret',
  'minioadmin',
  'workspace-metrics-token',
  'replace-with-a-long-random-token',
  'S3RVER',
]);

/** A placeholder anyone could guess: a published example, or an obvious "change me" value. */
export function isExampleSecret(value: string): boolean {
  return knownExampleSecrets.has(value) || /^(change|replace)[-_ ]?(this|me)\b/i.test(value);
}

export interface SecretWarning {
  variable: string;
  message: string;
}

/** The secrets of this configuration that were left at an example or default value. */
export function defaultSecretWarnings(config: Config): SecretWarning[] {
  const warnings: SecretWarning[] = [];
  const check = (variable: string, value: string | null, what: string) => {
    if (value !== null && isExampleSecret(value))
      warnings.push({
        variable,
        message: `${variable} is still an example value: ${what}. Set a long random value (openssl rand -hex 32) and restart.`,
      });
  };
  check('SECRET', config.secret, 'anyone who knows it can sign access tokens for any account');
  check('METRICS_TOKEN', config.metrics.token, 'anyone who knows it can read the server metrics');
  if (config.storage.driver === 's3') {
    check(
      'S3_SECRET_ACCESS_KEY',
      config.storage.secretAccessKey,
      'anyone who can reach the bucket can read and replace every uploaded file',
    );
  }
  return warnings;
}

/** Logs one warning per secret left at its example value; called once at start. */
export function warnAboutDefaultSecrets(config: Config, log: { warn(details: object, message: string): void }): void {
  for (const warning of defaultSecretWarnings(config)) log.warn({ variable: warning.variable }, warning.message);
}
