import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { NewerSchemaError } from './core/cluster/schema';
import { DatabaseUnavailableError } from './core/postgres/connect';
import { RedisUnavailableError } from './core/redis/connection';
import { issueSetUpLink, setUpLinkLifetimeHours } from './domains/accounts/setUp';

/** Reads the config, opens and migrates the database, listens, and shuts down gracefully. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    // PostgreSQL or Redis unreachable, refusing the user, unsuitable, failing a migration or migrated by a newer build:
    // one line naming the fix.
    if (error instanceof DatabaseUnavailableError || error instanceof RedisUnavailableError || error instanceof NewerSchemaError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { server, services } = app;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down: finishing in-flight requests, closing websockets and the database');
    const forceExit = setTimeout(() => {
      server.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  // A failed disk sync: writes are refused from now on, and what this process reads may not be on the disk
  // (the kernel may have dropped the pages it could not write). Stop, as PostgreSQL does: a restart recovers
  // from what the disk holds, and nothing acknowledged was lost (it waited for the sync).
  services.store.onSyncFailure((error) => {
    server.log.fatal({ err: error }, 'the database file could not be synced to the disk: stopping');
    process.exit(1);
  });
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await server.listen({ port: config.port, host: config.host });
  server.log.info(`Workspace is ready at ${config.publicUrl}`);
  // An instance without accounts needs a first administrator, and may have no mail server yet.
  const setUpLink = await issueSetUpLink(services);
  if (setUpLink) {
    server.log.warn(
      { setUpLink },
      `No account exists yet. Open ${setUpLink} to create the first administrator and their team (works once, for ${setUpLinkLifetimeHours} hours; each start prints a new link). Or run: npm run create-admin -- --email <address> --name "<first> <last>"`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
