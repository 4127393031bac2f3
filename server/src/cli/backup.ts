import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createBackup, defaultBackupDirectory } from './backupRunner';
import { configForTools } from './toolConfig';

/**
 * `npm run backup [-- --output <folder>]`: one tar file with the database (SQLite's online backup, safe
 * while the server runs), the signing secret and every stored file (data folder or bucket). Needs the same
 * environment as the server (DATA_DIR, STORAGE_DRIVER and the S3 settings).
 */
const { values } = parseArgs({ options: { output: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log('npm run backup [-- --output <folder>]   (default: a "backups" folder beside DATA_DIR)');
  process.exit(0);
}
try {
  const config = configForTools(loadConfig);
  const report = await createBackup(config, values.output ?? defaultBackupDirectory(config), (line) => console.log(line));
  console.log(`Backup written to ${report.archive}`);
  if (!report.manifest.secretIncluded) {
    console.log(
      'The signing secret comes from the SECRET variable and is not in the backup: keep it with the backup, a restore needs the same value.',
    );
  } else {
    console.log('It holds the signing secret (secret.key) and everything people stored: keep it as safe as the server itself.');
  }
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
