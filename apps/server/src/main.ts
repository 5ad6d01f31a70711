import { Logger } from 'nestjs-pino';
import { startServer } from './bootstrap';
import { ConfigError, loadConfigFromProcess } from './config';

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
  const { app, url } = await startServer(config);
  app.get(Logger).log(`Tablecast listening on ${url}`);
}

void main();
