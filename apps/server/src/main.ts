import { Logger } from 'nestjs-pino';
import { startServer } from './bootstrap';
import { ConfigError, loadConfigFromProcess, projectionsMode } from './config';
import { GeneratedTokensFileError } from './auth/generated-tokens-file';
import { DataDirLockedError, releaseDataDirLock } from '@tablecast/event-store';
import { DirectorSettingsFileError } from './director/director-settings.store';
import { closeOnSignals, SHUTDOWN_DEADLINE_MS } from './shutdown/close-on-signals';
import { FeedLeaseKeeper } from './feeds-role/feed-lease-keeper';
import { ProjectionsLeaseKeeper } from './projections/projections-lease-keeper';
import { ControlLeaseKeeper } from './control-role/control-lease-keeper';

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
    // Signals are handled here, not by Nest's hooks: those waited for whatever was connected and
    // then re-raised the signal; this stop is bounded and exits 0 once closed.
    running = await startServer(config, { shutdownHooks: false });
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
  const logger = app.get(Logger);
  closeOnSignals({
    close: () => app.close(),
    // Exiting frees the data dir in any case (a dead pid's lock is taken over); removing the lock
    // file says so at once.
    onDeadline: () => {
      if (config.TABLECAST_ROLE !== 'gateway') releaseDataDirLock(config.TABLECAST_DATA_DIR);
    },
    log: (line) => {
      logger.error(line);
    },
  });
  if (config.TABLECAST_ROLE === 'feeds') {
    // TC-SCALE-1: a feeds process that lost its lease holds a term's feeds that are no longer its
    // own: it closes (bounded) and exits EX_TEMPFAIL, and its supervisor starts it again as a standby.
    app.get(FeedLeaseKeeper).onLost(() => {
      const exit = (): never => process.exit(75);
      setTimeout(exit, SHUTDOWN_DEADLINE_MS).unref();
      app.close().then(exit, exit);
    });
  }
  if (config.TABLECAST_ROLE === 'control') {
    // TC-SCALE-1: a control process that lost its lease stopped its singletons; it exits
    // EX_TEMPFAIL the same way, and its supervisor starts it again as a standby.
    app.get(ControlLeaseKeeper).onLost(() => {
      const exit = (): never => process.exit(75);
      setTimeout(exit, SHUTDOWN_DEADLINE_MS).unref();
      app.close().then(exit, exit);
    });
  }
  if (projectionsMode(config) === 'contend') {
    // TC-SCALE-1: a projector (or an api process with API_PROJECTIONS=shared) that lost the
    // projections lease stopped projecting; it exits EX_TEMPFAIL the same way, and its supervisor
    // starts it again as a standby (an api process: as a reader).
    app.get(ProjectionsLeaseKeeper).onLost(() => {
      const exit = (): never => process.exit(75);
      setTimeout(exit, SHUTDOWN_DEADLINE_MS).unref();
      app.close().then(exit, exit);
    });
  }
  logger.log(`Tablecast listening on ${url}`);
}

void main();
