import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restoreBackup } from './backupRunner';
import { configForTools } from './toolConfig';

/**
 * `npm run restore -- <archive.tar> [--force]`: puts a backup made by `npm run backup` into DATA_DIR and
 * the configured storage, which must be empty unless --force. Run it with the server stopped.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help || positionals.length !== 1) {
  console.log(
    'npm run restore -- <backup.tar> [--force]   (into DATA_DIR and the DATABASE_URL file, which must hold no data unless --force; stop the server first)',
  );
  process.exit(values.help ? 0 : 1);
}
try {
  const config = configForTools(loadConfig);
  const manifest = await restoreBackup(config, positionals[0]!, { force: values.force ?? false }, (line) => console.log(line));
  if (!manifest.secretIncluded) {
    console.log(
      'This backup holds no signing secret (it came from the SECRET variable): start the server with the same SECRET, or everyone is signed out and signed links stop working.',
    );
  }
  console.log('Done. Start the server on this data folder.');
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
