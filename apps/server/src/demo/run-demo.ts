import { Logger } from 'nestjs-pino';
import { TokenRegistry } from '../auth/token-registry.service';
import { startServer, type RunningServer } from '../bootstrap';
import type { AppConfig } from '../config';
import { MatchCommandService } from '../matches/match-command.service';
import { driveMatch } from '@tablecast/bots';
import { ON_AIR_PAGES, onAirUrl } from './on-air-urls';

/** The demo's one table; its matches follow each other there. */
const DEMO_TABLE = 'final-1';

export interface DemoOptions {
  /** Pause between bot commands, so people can watch (ms). */
  readonly paceMs: number;
  /** Deals per demo match before the next one starts. */
  readonly deals: number;
  /** Where the URLs and tokens are printed (stdout in the CLI). */
  readonly print: (line: string) => void;
}

export interface RunningDemo {
  readonly server: RunningServer;
  stop(): Promise<void>;
}

/**
 * The newcomer's first command: the server on the embedded default plus a paced Guandan final
 * between bots, played through the match service like an operator would, one match after another.
 */
export async function runDemo(config: AppConfig, options: DemoOptions): Promise<RunningDemo> {
  const server = await startServer(config, { shutdownHooks: false });
  const logger = server.app.get(Logger);
  const service = server.app.get(MatchCommandService);
  const tokens = server.app.get(TokenRegistry).generated;
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const firstMatch = `demo_${stamp}_1`;
  const tokenFor = (role: string): string => tokens.find((t) => t.role === role)?.token ?? '<your token>';

  options.print(`Tablecast demo final on ${server.url}`);
  // The landing page first: every table with its links; the producer's token in its fragment
  // (never sent to the server) opens the staff pages a producer may open.
  options.print(`  landing page       ${server.url}/#token=${tokenFor('producer')}`);
  options.print(
    `  operator console   ${server.url}/overlays/console/?match=${firstMatch}#token=${tokenFor('operator')}`,
  );
  options.print(
    `  staff read model   ${server.url}/api/matches/${firstMatch}/state  (Authorization: Bearer ${tokenFor('referee')})`,
  );
  options.print(
    `  feeds (websocket)  ${server.url.replace('http', 'ws')}/ws  subscribe {matchId, audience: venue|broadcast}; broadcast delay ${String(config.BROADCAST_DELAY_MS / 1000)} s`,
  );
  options.print(`  spectator site     ${server.url}/watch/${firstMatch}`);
  // Every page on air on the one delayed feed (a venue scorebug beside a broadcast table would
  // show a level change before the play that made it), set up once for the table: each page
  // follows the table from one demo match to the next without a reload.
  ON_AIR_PAGES.forEach((page, i) => {
    const label = i === 0 ? 'on air (OBS)      ' : '                  ';
    options.print(`  ${label} ${onAirUrl(server.url, page, { table: DEMO_TABLE })}`);
  });
  options.print(
    `                     ${onAirUrl(server.url, 'table', { onAir: true })}  (the table on program: PUT /api/producer/program-table)`,
  );
  options.print(
    `  arbitration replay ${server.url}/overlays/replay/?match=${firstMatch}#token=${tokenFor('arbiter')}`,
  );
  options.print(
    `  producer dashboard ${server.url}/producer/?match=${firstMatch}#token=${tokenFor('producer')}`,
  );
  options.print(`  OpenAPI            ${server.url}/docs`);
  options.print(`  metrics            ${server.url}/metrics`);
  for (const entry of tokens)
    options.print(`  token ${entry.role}${entry.table ? `:${entry.table}` : ''} = ${entry.token}`);

  const abort = new AbortController();
  // A function, not a narrowed property read: the signal flips while the loop awaits.
  const stopped = (): boolean => abort.signal.aborted;
  const loop = (async () => {
    for (let n = 1; !stopped(); n += 1) {
      const matchId = `demo_${stamp}_${String(n)}`;
      // Printed, not logged: the demo's own progress, for the person watching its terminal.
      options.print(`demo: match ${matchId} started (${String(options.deals)} deals)`);
      try {
        await driveMatch(service, {
          matchId,
          table: DEMO_TABLE,
          seed: `demo-${stamp}-${String(n)}`,
          ruleset: 'cga2017',
          format: { kind: 'fixedDeals', deals: options.deals },
          delayMs: options.paceMs,
          signal: abort.signal,
        });
      } catch (error) {
        if (stopped()) return;
        logger.error(
          `demo: match ${matchId} stopped: ${error instanceof Error ? error.message : String(error)}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  })();

  return {
    server,
    async stop() {
      abort.abort();
      await loop;
      await server.app.close();
    },
  };
}
