import type { SimulationReport } from './simulate';

/**
 * What `tablecast simulate` asks of the server process that plays the matches (the CLI runs the
 * server app, it never imports it), its options checked already against the game's.
 */
export interface SimulateRequest {
  /** The game id; the server process takes its simulated game from the registry. */
  readonly game: string;
  readonly matches: number;
  readonly ruleset: string;
  /** The game's match format, as its `parseFormat` read it. */
  readonly format: unknown;
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
