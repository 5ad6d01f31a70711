import type { GameCommand } from './module';

/** One deal of a board at one table, as its log records it (its commitment, and its reveal checked against it). */
export interface DealAudit {
  /** 0 for the board's first deal; n for the n-th redeal (a game that redeals a passed-out board). */
  readonly redeal: number;
  /** The table's commitment to this deal (its DeckCommitted). */
  readonly committed: string;
  /** Its reveal (order and salt), null until revealed. */
  readonly revealed: { readonly order: readonly string[]; readonly salt: string } | null;
  /** Whether the reveal hashes to the commitment; null until revealed. */
  readonly matches: boolean | null;
}

/** What a board set hands a table's decider to deal one of its boards there. */
export interface SetBoard {
  readonly number: number;
  /** The first deal's order (the seed stays with the set: a redeal is derived from the salt). */
  readonly order: readonly string[];
  readonly salt: string;
  /**
   * The set declares its tables: the deal's hands wait on the delayed broadcast until the last
   * declared table has been dealt the board (the game's broadcast-hold decision).
   */
  readonly held: boolean;
}

/**
 * Duplicate boards (optional capability, `GameModule.duplicate`): a board is one seeded, committed
 * deal played in the same seats at several tables. The platform's board sets keep the seed and salt
 * sealed, deal each table through these commands, and reveal the deal at every table only once the
 * board has ended at all of them. Pure, like the rest of the module.
 */
export interface DuplicateBoards<State = unknown, Command extends GameCommand = GameCommand> {
  /** The order of a board's first deal, from the set's seed. */
  order(seed: string): readonly string[];
  /** The public commitment to a deal: every table dealt the board publishes this one. */
  commitment(order: readonly string[], salt: string): string;
  /** Deals the set's board at a table; its board end there does not reveal it. */
  dealCommand(board: SetBoard, now: number): Command;
  /** Reveals a board whose deal is sealed at the table (ended there, not revealed yet). */
  revealCommand(board: number, now: number): Command;
  /**
   * Lifts the broadcast hold of a board at a table: `at` is when the last declared table was dealt
   * it, or when the organiser closed it; the hands reach the delayed broadcast the delay after `at`.
   */
  liftHoldCommand(board: number, at: number, reason: 'dealtEverywhere' | 'closed'): Command;
  /** Whether the board's deal is sealed at this table: ended here, not yet revealed. */
  sealed(state: State, board: number): boolean;
  /** Whether the board's broadcast hold is still on at this table (dealt held, not lifted yet). */
  holding(state: State, board: number): boolean;
  /** Each deal of the board as a table's log records it (the game's events, unprefixed types). */
  audit(events: readonly { readonly type: string; readonly data: unknown }[], board: number): DealAudit[];
}
