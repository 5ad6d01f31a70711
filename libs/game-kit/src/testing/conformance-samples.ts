import type { GameCommand } from '../module';

/** One command of a scripted match; `rejected` names the rule it must break (then the state stays). */
export interface SampleStep<C extends GameCommand> {
  readonly command: C;
  readonly rejected?: string;
}

/** A scripted match: its setup, the time it was created at, and the commands after the creating one. */
export interface SampleMatch<C extends GameCommand, Setup> {
  readonly name: string;
  readonly setup: Setup;
  readonly now: number;
  readonly steps: readonly SampleStep<C>[];
  /** Whether the script plays the match to its end (then a result is due). */
  readonly ends: boolean;
}

/**
 * What a module gives its conformance suite. The matches should between them reach every phase
 * of the game (deal, bidding or tribute, play, the end of a deal and of the match) and include
 * rejections, because the suite checks the contract only on the states they reach.
 */
export interface ConformanceSamples<C extends GameCommand, Setup> {
  readonly matches: readonly SampleMatch<C, Setup>[];
}
