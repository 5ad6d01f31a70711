import { Logger } from 'nestjs-pino';
import { startServer } from './bootstrap';
import { ConfigError, loadConfigFromProcess } from './config';
import { GeneratedTokensFileError } from './auth/generated-tokens-file';
import { DataDirLockedError } from './data-dir/data-dir-lock';
import { DirectorSettingsFileError } from './director/director-settings.store';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfigFromProcess();
  } catch (error) {
    if (error instanceof ConfigError) {
      // Before the logger exists: one plain line naming the variable, and a non-zero exit.
      process.stderr.write(`tablecast server: ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  let running;
  try {
    running = await startServer(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      // Another live server has this data dir: one line naming it, and EX_TEMPFAIL.
      process.stderr.write(`tablecast server: ${error.message}\n`);
      process.exit(75);
    }
    if (error instanceof DirectorSettingsFileError || error instanceof GeneratedTokensFileError) {
      // A bad director.json or staff-tokens.json is configuration too: one line naming the file
      // and field, EX_CONFIG.
      process.stderr.write(`tablecast server: ${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  const { app, url } = running;
  app.get(Logger).log(`Tablecast listening on ${url}`);
}

void main();
