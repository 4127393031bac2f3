import { parseArgs } from 'node:util';
import { isSupportedLanguage } from '#shared/constants';
import type { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { eq } from 'drizzle-orm';
import { openAppStorage, type AppStorage } from '../appStorage';
import { DatabaseUnavailableError } from '../core/postgres/connect';
import { openDatabase, type DrizzleDatabase } from '../db/connection';
import { domains } from '../domains';
import {
  emailSchema,
  hashPassword,
  linkLifetimeHours,
  nameSchema,
  passwordSchema,
  teamNameSchema,
  userCredentials,
  users,
} from '../domains/accounts';
import { AdministratorInputError, provideAdministrator } from '../domains/teams';
import { readPasswordFromStdin, promptNewPassword } from './passwordPrompt';

const usage = `npm run create-admin -- --email <address> [--name "<first> <last>"] [--team "<team name>"] [--language en] [--password-stdin]

Creates a verified account that administers a team, or makes an existing account verified and admin of
its current team (or of a new team with --team). Safe while the server runs (same DATA_DIR and DATABASE_URL).
Password: asked for when run in a terminal; with --password-stdin, the first line of standard input;
otherwise a one-time link to choose it is printed. Under docker compose:
  docker compose exec app npm run create-admin -- --email ada@example.com --name "Ada Lovelace"`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** "Ada Lovelace" → Ada / Lovelace; "Ada King Lovelace" → Ada / King Lovelace. */
function splitName(name: string): { firstname: string; lastname: string } {
  const [firstname = '', ...rest] = name.trim().split(/\s+/);
  const lastname = rest.join(' ');
  if (!firstname || !lastname) fail(`Give a first and a last name, e.g. --name "Ada Lovelace" (got "${name}").`);
  return { firstname: checked(nameSchema, firstname, '--name'), lastname: checked(nameSchema, lastname, '--name') };
}

async function existingAccount(db: DrizzleDatabase, address: string): Promise<{ hasPassword: boolean } | null> {
  const [row] = await db
    .select({ id: users.id, credential: userCredentials.userId })
    .from(users)
    .leftJoin(userCredentials, eq(userCredentials.userId, users.id))
    .where(eq(users.email, address))
    .limit(1);
  return row ? { hasPassword: row.credential !== null } : null;
}

function checked<Output>(schema: z.ZodType<Output>, value: unknown, option: string): Output {
  const parsed = schema.safeParse(value);
  if (!parsed.success) fail(`${option}: ${parsed.error.issues.map((issue) => issue.message).join(' ')}`);
  return parsed.data;
}

let options;
try {
  options = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      team: { type: 'string' },
      language: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
}
if (options.help) {
  console.log(usage);
  process.exit(0);
}
if (!options.email) fail(`--email is required.\n\n${usage}`);
const email = checked(emailSchema, options.email, '--email');
const name = options.name === undefined ? null : splitName(options.name);
const teamName = options.team === undefined ? null : checked(teamNameSchema, options.team, '--team');
const language = options.language ?? 'en';
if (!isSupportedLanguage(language)) fail(`--language: use one of en, es, fr, it, pt, de (got "${language}").`);

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

// The database the server uses (DATABASE_URL): its SQLite file, opened here so it closes without the checkpoint a
// server does on shutdown (the server may be running on it), or PostgreSQL, checked and migrated as at a start.
const sqliteDatabase =
  config.database.kind === 'postgres' ? undefined : openDatabase(config.databaseFile, { synchronous: config.sqliteSynchronous });
let storage: AppStorage;
try {
  storage = await openAppStorage(config, domains, sqliteDatabase ? { database: sqliteDatabase } : {});
} catch (error) {
  sqliteDatabase?.sqlite.close();
  fail(error instanceof DatabaseUnavailableError ? error.message : `Could not open the database: ${String(error)}`);
}
try {
  const existing = await existingAccount(storage.database.db, email);
  if (!existing && !name) throw new AdministratorInputError(`No account uses ${email} yet: give its name too, e.g. --name "Ada Lovelace".`);
  // In a terminal, a password is asked for only when the account has none yet (new, or signed up with a provider).
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  let password: string | null = null;
  if (options['password-stdin']) {
    password = checked(passwordSchema, await readPasswordFromStdin(), 'password');
  } else if (interactive && !existing?.hasPassword) {
    password = await promptNewPassword((value) => {
      const parsed = passwordSchema.safeParse(value);
      return parsed.success ? null : parsed.error.issues.map((issue) => issue.message).join(' ');
    });
  }
  const passwordHash = password === null ? null : await hashPassword(password);
  // Through the areas' reactions too: the administrator's new spaces get their boards, invitations are accepted.
  const outcome = await provideAdministrator(storage.store, { email, name, teamName, language, passwordHash });
  const who = name ? `${name.firstname} ${name.lastname} <${email}>` : email;
  console.log(`${outcome.created ? 'Created' : 'Updated'} ${who}: a verified administrator of "${outcome.teamName}".`);
  if (outcome.setPasswordSecret) {
    const link = `${config.publicUrl}/signup/recover?${new URLSearchParams({ email, token: outcome.setPasswordSecret }).toString()}`;
    console.log(
      `Choose the password within ${linkLifetimeHours.resetPassword} hour at this one-time link (run the command again for a new one):\n${link}`,
    );
  } else {
    console.log(`Sign in at ${config.publicUrl}/signin`);
  }
} catch (error) {
  console.error(
    error instanceof AdministratorInputError
      ? error.message
      : `Could not create the administrator: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  // On SQLite the store commits what it holds and leaves the file to us; PostgreSQL's pool ends.
  await storage.close();
  sqliteDatabase?.sqlite.close();
}
