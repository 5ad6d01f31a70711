import { Command } from 'commander';
import { EXIT_DATA_DIR_IN_USE, withHelp } from './help-text';
import { registerDemoCommand } from './commands/demo.command';
import { registerExportCommand } from './commands/export.command';
import { registerObsCommand } from './commands/obs.command';
import { registerProjectionsCommand } from './commands/projections.command';
import { registerRulesCommand } from './commands/rules.command';
import { registerSimulateCommand } from './commands/simulate.command';
import { registerTournamentCommand } from './commands/tournament.command';
import { registerVerifyBoardCommand } from './commands/verify-board.command';
import { registerVerifyCommand } from './commands/verify.command';
import { registerVersionCommand } from './commands/version.command';

/**
 * Builds the `tablecast` command tree. Each subcommand lives in its own file under commands/ and
 * registers itself here, so later issues add one import and one call.
 *
 * Registering is light: a command file holds only its name, options and help, and its action
 * imports the module that does the work (`await import('./x/run-x.js')`) when it runs. A spawn of
 * `tablecast verify` then loads the event store but not the games, and `--help` loads nothing
 * heavy; a command file must not import a game library, the event store or the like at its top.
 */
export function buildProgram(): Command {
  const program = new Command('tablecast')
    .description('Tablecast: event-sourced broadcast system for Chinese card game finals')
    .showHelpAfterError()
    .exitOverride((error) => {
      // Help and version output are successful exits; anything else keeps commander's exit code.
      process.exit(error.exitCode);
    });
  withHelp(program, {
    examples: [
      ['tablecast simulate --matches 40', 'bots play 40 matches into ./data/simulation'],
      ['tablecast export F1 --out F1.json --record F1.html', 'the record of F1 for the committee'],
      ['tablecast help export', "a command's options, examples and exit codes"],
    ],
    exitCodes: [
      [0, 'done'],
      [1, 'failed: a bad option or argument (named), a check that failed, or an unexpected error'],
      [2, 'nothing to work on: no event log, no such match or stream, not an export file'],
      [
        EXIT_DATA_DIR_IN_USE,
        'refused: a running server holds the data dir (projections rebuild, simulate, demo)',
      ],
    ],
  });
  registerVersionCommand(program);
  registerRulesCommand(program);
  registerVerifyCommand(program);
  registerVerifyBoardCommand(program);
  registerExportCommand(program);
  registerProjectionsCommand(program);
  registerSimulateCommand(program);
  registerDemoCommand(program);
  registerObsCommand(program);
  registerTournamentCommand(program);
  return program;
}
