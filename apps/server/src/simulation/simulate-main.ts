// `tablecast simulate` runs this file as a process of its own (the CLI never imports the server app):
// node simulate-main.js '<SimulateRequest as JSON>', with a message channel to the CLI, which
// draws the progress and prints the report.
import { DataDirLockedError } from '@tablecast/event-store';
import { simulatedGame } from '@tablecast/games';
import { startServer } from '../bootstrap';
import { loadConfig } from '../config';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { simulate, type SimulateMessage, type SimulateRequest } from '@tablecast/simulation';

/** What `tablecast simulate` exits with when a running server holds the data dir (the CLI's EX_TEMPFAIL). */
const EXIT_DATA_DIR_IN_USE = 75;

function tell(message: SimulateMessage): void {
  process.send?.(message);
}

async function main(request: SimulateRequest): Promise<void> {
  let server;
  try {
    // The bots act through the match service in-process, so no staff token is needed or shown
    // (the server logs the tokens it keeps at info, below this warn level).
    server = await startServer(
      loadConfig({ PORT: '0', LOG_LEVEL: 'warn', TABLECAST_DATA_DIR: request.dataDir }),
    );
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stderr.write(`tablecast simulate: refused, ${error.message}\n`);
    process.exitCode = EXIT_DATA_DIR_IN_USE;
    return;
  }
  tell({ type: 'started' });
  try {
    const report = await simulate(
      server.app.get(MatchCommandService),
      server.app.get<AppEventStore>(EVENT_STORE),
      {
        game: simulatedGame(request.game),
        matches: request.matches,
        ruleset: request.ruleset,
        format: request.format,
        seed: request.seed,
        delayMs: request.delayMs,
        checkInvariants: request.checkInvariants,
        onMatchDone: (done) => {
          tell({ type: 'matchDone', done });
        },
      },
    );
    tell({ type: 'report', report });
  } finally {
    await server.app.close();
  }
}

main(JSON.parse(process.argv[2] ?? '{}') as SimulateRequest)
  .catch((error: unknown) => {
    process.stderr.write(`tablecast: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    // The channel to the CLI would keep this process alive.
    if (process.connected) process.disconnect();
  });
