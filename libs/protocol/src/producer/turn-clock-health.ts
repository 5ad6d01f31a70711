/**
 * The turn clocks' health on the producer dashboard (DDZ-GEN-2): a table whose clock ran out and
 * whose default the server refused for good (a rule, an invalid event, a deleted stream) waits
 * until its next event, and no one at the table is told. /metrics counts these
 * (`tablecast_turn_clock_defaults_refused_total`); the dashboard names the match.
 */
export interface TurnClockRefusalView {
  readonly matchId: string;
  readonly game: string;
  /** The stream revision the refused default was sent against (the turn it timed). */
  readonly revision: number;
  /** The default's command type (`Pass`, `Bid`, …). */
  readonly command: string;
  /** The rule ID that refused it; null when no rule did (`reason` says what did). */
  readonly rule: string | null;
  /** As on /metrics: `ruleViolation`, `invalidEvent`, `streamDeleted`, … */
  readonly reason: string;
  /** Defaults of this match refused for good since the server started. */
  readonly count: number;
  /** When the latest was refused (ISO, server clock). */
  readonly lastRefusedAt: string;
  /** True until the match's next event: its clock ran out and nothing more will be sent for it. */
  readonly waiting: boolean;
}

export interface TurnClockHealth {
  /** Every match with a default refused for good since the server started, the latest first. */
  readonly refused: readonly TurnClockRefusalView[];
}
