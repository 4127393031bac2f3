import type { Config, loadConfig } from '../config';

/**
 * The server's configuration for a command-line tool that reads the data folder but signs nothing.
 * Loading the configuration normally creates DATA_DIR/secret.key when it is missing; a tool must not:
 * a restore would find its target folder no longer empty, and its own secret in place of the backup's.
 */
export function configForTools(load: typeof loadConfig, environment: Record<string, string | undefined> = process.env): Config {
  const placeholder = 'not-used-by-command-line-tools-placeholder';
  return load({ ...environment, SECRET: environment.SECRET || placeholder });
}
