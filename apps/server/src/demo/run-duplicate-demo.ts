import { Logger } from 'nestjs-pino';
import { TokenRegistry } from '../auth/token-registry.service';
import { SeatTokenRegistry } from '../auth/seat-tokens';
import { startServer } from '../bootstrap';
import { BoardSets } from '../boards/board-sets.service';
import type { AppConfig } from '../config';
import { MatchCommandService } from '../matches/match-command.service';
import { terminalUrl } from '../play/seat-tokens.controller';
import { SeatBots } from '../seat-bots/seat-bots.service';
import {
  playFinal,
  setUpFinal,
  type DuplicateDemoGame,
  type DuplicateFinal,
  type DuplicateFinalServices,
} from './duplicate-final';
import { ON_AIR_PAGES, onAirUrl } from './on-air-urls';
import type { DemoOptions, RunningDemo } from './run-demo';

/**
 * `tablecast demo --game doudizhu|bigtwo`: a duplicate final, every table playing the same boards
 * (Dou Dizhu on three tables, DDZ-GEN-1; Big Two on four, B2-GEN-1), bots on every seat at operator
 * pace, one final after another. Prints each table's player-terminal links (a person may take a
 * seat: unseat its bot, open the link), its on-air pages and its spectator site.
 */
export async function runDuplicateDemo(
  game: DuplicateDemoGame,
  config: AppConfig,
  options: DemoOptions,
): Promise<RunningDemo> {
  const server = await startServer(config, { shutdownHooks: false });
  const logger = server.app.get(Logger);
  const services: DuplicateFinalServices = {
    matches: server.app.get(MatchCommandService),
    boards: server.app.get(BoardSets),
    bots: server.app.get(SeatBots),
  };
  const seatTokens = server.app.get(SeatTokenRegistry);
  const tokens = server.app.get(TokenRegistry).generated;
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const tokenFor = (role: string): string => tokens.find((t) => t.role === role)?.token ?? '<your token>';
  const finalId = (n: number): string => `${game.prefix}_${stamp}_${String(n)}`;

  const tables = `${String(game.tables.length)} tables`;
  let final: DuplicateFinal = await setUpFinal(services, game, finalId(1), options.deals);
  options.print(`Tablecast ${game.title} demo final on ${server.url}`);
  options.print(`  landing page       ${server.url}/#token=${tokenFor('producer')}`);
  options.print(
    `  boards             ${final.boards.map((b) => b.id).join(' ')}  (GET /api/boards/:id/verify, /results)`,
  );
  for (const { table, matchId } of final.matches) {
    options.print(`  table ${table} (match ${matchId})`);
    for (const { seat, token } of seatTokens.issue(matchId, game.seats.map(String)))
      options.print(`    terminal seat ${seat}   ${server.url}${terminalUrl(matchId, token)}`);
    ON_AIR_PAGES.forEach((page, i) => {
      const label = i === 0 ? 'on air (OBS)   ' : '               ';
      options.print(`    ${label} ${onAirUrl(server.url, page, { table })}`);
    });
    options.print(`    spectator site   ${server.url}/watch/${matchId}`);
  }
  options.print(`  bots sit on every seat: DELETE /api/seat-bots/:matchId/:seat frees one for a person`);
  options.print(`  OpenAPI            ${server.url}/docs`);
  for (const entry of tokens)
    options.print(`  token ${entry.role}${entry.table ? `:${entry.table}` : ''} = ${entry.token}`);

  const abort = new AbortController();
  const stopped = (): boolean => abort.signal.aborted;
  const loop = (async () => {
    for (let n = 1; !stopped(); n += 1) {
      try {
        if (n > 1) final = await setUpFinal(services, game, finalId(n), options.deals);
        options.print(`demo: final ${finalId(n)} started (${String(options.deals)} boards on ${tables})`);
        await playFinal(services, final, {
          paceMs: options.paceMs,
          signal: abort.signal,
          onBoard: async (board) => {
            const { verified } = await services.boards.verify(board.id);
            options.print(
              `demo: board ${board.id} played on ${tables}, deal ${verified ? 'verified' : 'NOT verified'}`,
            );
          },
        });
      } catch (error) {
        if (stopped()) return;
        logger.error(
          `demo: final ${finalId(n)} stopped: ${error instanceof Error ? error.message : String(error)}`,
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
