import type { GameEvent } from '../game-event';
import type { AppealDecidedData, AppealLodgedData, PenaltyIssuedData } from '../penalties/penalty-events';

const PUBLIC = { disclosure: 'public' } as const;

/**
 * Who may see the events every seated board game records alike (Dou Dizhu, Big Two), and what of
 * them; a game spreads these into its own `Record` over its event types, beside its own events.
 */
export const BOARD_DISCLOSURES = {
  MatchCreated: PUBLIC,
  // DEC-DDZ-5, DEC-B2-5: a board of a set that declares its tables opens a broadcast hold: its deal
  // and everything after it wait on the delayed feeds until BoardHoldLifted, then the delay.
  BoardStarted: {
    disclosure: 'public',
    holds: ({ data }: { readonly data: { readonly board: number; readonly held?: true | undefined } }) =>
      data.held === true ? String(data.board) : null,
  },
  // The commitment is worth something only if it is public before any card is seen.
  DeckCommitted: PUBLIC,
  CardsPlayed: PUBLIC,
  Passed: PUBLIC,
  TrickWon: PUBLIC,
  // DDZ-PLAY-5, B2-PLAY-6: a player down to his last card is told to the table.
  CardsReported: PUBLIC,
  BoardEnded: PUBLIC,
  // Written after the board has ended, when no card is hidden any more.
  DeckRevealed: PUBLIC,
  BoardHoldLifted: {
    disclosure: 'public',
    lifts: ({ data }: { readonly data: { readonly board: number; readonly at: number } }) => ({
      hold: String(data.board),
      at: data.at,
    }),
  },
  // The arbiter's note may describe a player's holding; the ruling itself is public.
  PenaltyIssued: {
    disclosure: 'delayed',
    publicForm: <Seat>({
      type,
      data: { penalty, seat, rule, sanction, points },
    }: {
      readonly type: 'PenaltyIssued';
      readonly data: PenaltyIssuedData<Seat>;
    }): GameEvent => ({ type, data: { penalty, seat, rule, sanction, points } }),
  },
  // The grounds are the appellant's statement (staff); that an appeal was lodged is public.
  AppealLodged: {
    disclosure: 'delayed',
    publicForm: <Seat>({
      type,
      data: { appeal, penalty, seat },
    }: {
      readonly type: 'AppealLodged';
      readonly data: AppealLodgedData<Seat>;
    }): GameEvent => ({ type, data: { appeal, penalty, seat } }),
  },
  // DDZ-APL-2, B2-APL-2: the committee's votes stay with staff; the decision is public.
  AppealDecided: {
    disclosure: 'delayed',
    publicForm: ({
      type,
      data: { appeal, upheld, feeRefunded },
    }: {
      readonly type: 'AppealDecided';
      readonly data: AppealDecidedData;
    }): GameEvent => ({ type, data: { appeal, upheld, feeRefunded } }),
  },
  MatchEnded: PUBLIC,
} as const;
