// `tablecast demo` runs this file as a process of its own (the CLI never imports the server app):
// node demo-main.js <pace ms> <deals> [game], configured by the environment like the server.
import { DataDirLockedError, releaseDataDirLock } from '@tablecast/event-store';
import { loadConfigFromProcess } from '../config';
import { closeOnSignals } from '../shutdown/close-on-signals';
import { B2_DEMO, DDZ_DEMO } from './duplicate-final';
import { runDuplicateDemo } from './run-duplicate-demo';
import { runDemo } from './run-demo';

/** What `tablecast demo` exits with when a running server holds the data dir (the CLI's EX_TEMPFAIL). */
const EXIT_DATA_DIR_IN_USE = 75;

async function main(argv: readonly string[]): Promise<void> {
  const [pace = '', deals = '', game = 'guandan'] = argv;
  // A short security delay, so the delayed broadcast feed has something to show within a minute;
  // warnings only in the log, so the printed addresses are not buried under a JSON line per
  // request (LOG_LEVEL=info brings those back).
  const config = loadConfigFromProcess({ BROADCAST_DELAY_MS: '30000', LOG_LEVEL: 'warn' });
  let demo;
  try {
    const options = {
      paceMs: Number(pace),
      deals: Number(deals),
      print: (line: string) => process.stdout.write(`${line}\n`),
    };
    const duplicate = [DDZ_DEMO, B2_DEMO].find((d) => d.game === game);
    demo = await (duplicate === undefined
      ? runDemo(config, options)
      : runDuplicateDemo(duplicate, config, options));
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stderr.write(`tablecast demo: refused, ${error.message}\n`);
    process.exitCode = EXIT_DATA_DIR_IN_USE;
    return;
  }
  // Ctrl-C or SIGTERM: bots stopped, pages told 1001, the data dir given up, within the deadline.
  const running = demo;
  closeOnSignals({
    close: () => running.stop(),
    onDeadline: () => {
      releaseDataDirLock(config.TABLECAST_DATA_DIR);
    },
    log: (line) => process.stderr.write(`tablecast demo: ${line}\n`),
  });
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`tablecast: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
