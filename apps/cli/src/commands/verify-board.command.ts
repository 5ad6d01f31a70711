import type { Command } from 'commander';
import { dataDirOf, USAGE_ERROR, withHelp } from '../help-text';
import { DATA_DIR_HELP } from '../help-text';

export function registerVerifyBoardCommand(program: Command): void {
  const command = program
    .command('verify-board')
    .description(
      "check each table's deal of a duplicate board (any game dealing them) against its commitment (DDZ-GEN-1, B2-GEN-1)",
    )
    .argument('<board>', 'the board id the set gave it, such as boards_k3v9-2')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--server <url>', "ask a running server for the board's record instead (hashes recomputed here)")
    .option(
      '--commitment <hex>',
      "the board's commitment as published with the set: every table must have it",
    )
    .option('--json', 'print the result as JSON');
  withHelp(command, {
    examples: [
      ['tablecast verify-board boards_k3v9-2', 'every table of board 2 in TABLECAST_DATA_DIR (or ./data)'],
      ['tablecast verify-board boards_k3v9-2 --server http://venue:3000', "from the server's public record"],
    ],
    exitCodes: [
      [0, "every table committed to the board's one commitment and every deal's reveal hashes to it"],
      [1, `a table or a deal fails, or is not revealed yet (named); or ${USAGE_ERROR}`],
      [2, 'nothing to check: no event log, no such board'],
    ],
  });
  command.action(
    async (
      board: string,
      options: { dataDir?: string; server?: string; commitment?: string; json?: boolean },
    ) => {
      // The event store and the game registry load only when a check runs.
      const { runVerifyBoard } = await import('./verify-board/run-verify-board.js');
      const outcome = await runVerifyBoard({
        board,
        dataDir: dataDirOf(options.dataDir),
        server: options.server,
        commitment: options.commitment,
      });
      process.stdout.write(
        options.json === true
          ? `${JSON.stringify({ board, exitCode: outcome.exitCode, message: outcome.message })}\n`
          : `${outcome.message}\n`,
      );
      process.exitCode = outcome.exitCode;
    },
  );
}
