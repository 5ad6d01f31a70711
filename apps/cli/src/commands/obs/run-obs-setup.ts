import { runServerApp } from '../../server-app/run-server-app';

/** What the server's `obs setup` process reports back (its report is printed as JSON with --json). */
export interface ObsSetupOutcome {
  /** 0 every scene complete, 2 set up but some scenes incomplete (e.g. no browser_source), 1 failed. */
  readonly exitCode: 0 | 1 | 2;
  readonly message: string;
  readonly report?: unknown;
}

/**
 * `tablecast obs setup`: the server app, in a process of its own, connects straight to the OBS
 * named in OBS_INSTANCES (password from OBS_PASSWORD_<NAME>, as the server reads them) and creates
 * or updates the final's scenes. Null when it reported nothing (a bad configuration variable: it
 * said so on stderr), with the exit code it gave.
 */
export async function runObsSetup(
  options: {
    table?: string | undefined;
    onAir?: boolean;
    obs?: string;
    baseUrl?: string | undefined;
    game?: string;
    tournament?: string | undefined;
  },
  env: NodeJS.ProcessEnv,
): Promise<{ outcome: ObsSetupOutcome | null; exitCode: number }> {
  let outcome: ObsSetupOutcome | null = null;
  const exitCode = await runServerApp<ObsSetupOutcome>(
    'obs/obs-setup-main.js',
    [JSON.stringify(options)],
    env,
    {
      onMessage: (message) => {
        outcome = message;
      },
    },
  );
  return { outcome, exitCode };
}
