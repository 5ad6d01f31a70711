// `tablecast obs setup` runs this file as a process of its own (the CLI never imports the server
// app): node obs-setup-main.js '{"table"? | "onAir"?, "obs"?, "baseUrl"?}', configured by the environment
// like the server (OBS_INSTANCES, OBS_PASSWORD_<NAME>, HOST, PORT); the outcome goes back to the
// CLI over the message channel, which prints it.
import { loadConfigFromProcess } from '../config';
import { runObsSetup, type ObsSetupOptions, type ObsSetupOutcome } from './run-obs-setup';

async function main(options: ObsSetupOptions): Promise<void> {
  const outcome: ObsSetupOutcome = await runObsSetup(options, loadConfigFromProcess());
  process.send?.(outcome);
}

main(JSON.parse(process.argv[2] ?? '{}') as ObsSetupOptions)
  .catch((error: unknown) => {
    process.stderr.write(`tablecast: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    // The channel to the CLI would keep this process alive.
    if (process.connected) process.disconnect();
  });
