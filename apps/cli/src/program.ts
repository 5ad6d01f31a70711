import { Command } from 'commander';
import { registerDemoCommand } from './commands/demo.command';
import { registerExportCommand } from './commands/export.command';
import { registerObsCommand } from './commands/obs.command';
import { registerProjectionsCommand } from './commands/projections.command';
import { registerRulesCommand } from './commands/rules.command';
import { registerSimulateCommand } from './commands/simulate.command';
import { registerVerifyCommand } from './commands/verify.command';
import { registerVersionCommand } from './commands/version.command';

/**
 * Builds the `tablecast` command tree. Each subcommand lives in its own file under commands/ and
 * registers itself here, so later issues add one import and one call.
 */
export function buildProgram(): Command {
  const program = new Command('tablecast')
    .description('Tablecast: event-sourced broadcast system for Chinese card game finals')
    .showHelpAfterError()
    .exitOverride((error) => {
      // Help and version output are successful exits; anything else keeps commander's exit code.
      process.exit(error.exitCode);
    });
  registerVersionCommand(program);
  registerRulesCommand(program);
  registerVerifyCommand(program);
  registerExportCommand(program);
  registerProjectionsCommand(program);
  registerSimulateCommand(program);
  registerDemoCommand(program);
  registerObsCommand(program);
  return program;
}
