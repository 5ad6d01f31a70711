import type { MatchFormat, RulesetName } from '@tablecast/guandan';
import type { SimulationReport } from './simulate';

/**
 * What `tablecast simulate` asks of the server process that plays the matches (the CLI runs the
 * server app, it never imports it), its options checked already.
 */
export interface SimulateRequest {
  readonly matches: number;
  readonly ruleset: RulesetName;
  readonly format: MatchFormat;
  readonly seed: string;
  readonly delayMs: number;
  readonly checkInvariants: boolean;
  readonly dataDir: string;
}

/** What that process tells the CLI, in this order: started, a matchDone per match, the report. */
export type SimulateMessage =
  | { readonly type: 'started' }
  | { readonly type: 'matchDone'; readonly done: number }
  | { readonly type: 'report'; readonly report: SimulationReport };
