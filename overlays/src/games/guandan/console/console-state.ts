import type { CardId } from '@tablecast/cards/view';
import type { Reading, Seat } from '@tablecast/guandan/view';
import type { ClientCommand, CommandAccepted } from '@tablecast/protocol';
import type { MatchSnapshot } from './backend';
import type { ConsoleOption, PrimaryAction } from './table-view';

export type LocalErrorCode =
  | 'notHeld'
  | 'unreadable'
  | 'notThisSeat'
  | 'nothingSelected'
  | 'oneCard'
  | 'cannotPass'
  | 'busy'
  | 'nothingToUndo'
  | 'noPendingCorrection';

/** Everything the operator must be told about a command or a read that did not go through. */
export type ConsoleError =
  | { readonly kind: 'rule'; readonly rule: string; readonly message: string; readonly messageZh: string }
  | { readonly kind: 'stale'; readonly currentRevision: number }
  | { readonly kind: 'http'; readonly status: number; readonly message: string }
  | { readonly kind: 'local'; readonly code: LocalErrorCode; readonly detail: string };

export interface PendingCommand {
  readonly command: ClientCommand;
  /** The revision the operator acted on (optimistic concurrency, STYLE habit 5). */
  readonly revision: number;
  readonly idempotencyKey: string;
}

/** A play the server refused as ambiguous (GD-WILD-5): the operator declares one reading. */
export interface Ambiguity {
  readonly seat: Seat;
  readonly cards: readonly CardId[];
  readonly readings: readonly Reading[];
}

export interface ConsoleState {
  readonly matchId: string;
  /** The newest state seen; a response with an older revision never replaces it. */
  readonly snapshot: MatchSnapshot | null;
  /** Cards clicked by hand, for one acting seat. */
  readonly selection: { readonly seat: Seat; readonly cards: readonly CardId[] } | null;
  /** An option picked with a digit key (index into the listed options, see ConsoleView). */
  readonly picked: number | null;
  readonly page: number;
  readonly pending: PendingCommand | null;
  readonly error: ConsoleError | null;
  readonly accepted: CommandAccepted | null;
  readonly ambiguity: Ambiguity | null;
  /** The last state read failed (401, 404, network); cleared by the next good read. */
  readonly loadError: { readonly status: number; readonly message: string } | null;
}

/** What the page renders: the state plus what follows from it. */
export interface ConsoleView extends ConsoleState {
  readonly action: PrimaryAction | null;
  /** The options for the action, narrowed to those using every clicked card. */
  readonly options: readonly ConsoleOption[];
  readonly pageOptions: readonly { readonly index: number; readonly option: ConsoleOption }[];
  readonly pageCount: number;
  /** The cards highlighted as selected: those awaiting a declaration, the picked option's, or the clicked ones. */
  readonly selectedCards: readonly CardId[];
}
