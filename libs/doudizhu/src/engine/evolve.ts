import { foldRuling } from '@tablecast/game-kit';
import type { DdzEventOf, DoudizhuEvent } from '../events/catalog';
import { doudizhuRulesetOf } from '../events/match-events';
import { nextSeat, type PerSeat, type Seat } from '../events/primitives';
import type { BoardState, DoudizhuState } from './state';

/**
 * evolve(state, event) -> state: folds one recorded event. Total and pure; it trusts the event
 * (decide has already checked it), so a replay of the log rebuilds the state exactly.
 */
export function evolveDoudizhu(state: DoudizhuState, event: DoudizhuEvent): DoudizhuState {
  const next = apply(state, event);
  const revision = state.revision + 1;
  const restarts = restartsClock(event);
  const clockSince = restarts ? revision : state.clockSince;
  const lastChoiceAt = choiceTime(event, state.lastChoiceAt);
  // The events a command records after its choice (the landlord chosen, a trick won) start the
  // next clock at the choice's time: the command's one recorded time.
  const clockStartedAt = restarts ? lastChoiceAt : state.clockStartedAt;
  if (next === state) return { ...state, revision, clockSince, clockStartedAt, lastChoiceAt };
  // `apply` built `next` afresh for this call and nothing else holds it yet: stamping it in place
  // saves a second copy of the state per event (a replay folds every event of the match).
  const fresh = next as { -readonly [K in keyof DoudizhuState]: DoudizhuState[K] };
  fresh.revision = revision;
  fresh.clockSince = clockSince;
  fresh.clockStartedAt = clockStartedAt;
  fresh.lastChoiceAt = lastChoiceAt;
  return fresh;
}

/**
 * The time a command's first event records (a board's start, a player's or the clock's choice);
 * null for a choice recorded without one. Events that follow inside the same command keep it.
 */
function choiceTime(event: DoudizhuEvent, last: number | null): number | null {
  switch (event.type) {
    case 'BoardStarted':
      return event.data.startedAt;
    case 'BidMade':
    case 'DoubleChosen':
    case 'RedoubleChosen':
    case 'CardsPlayed':
    case 'Passed':
      return event.data.at ?? null;
    default:
      return last;
  }
}

/** Events after which a new turn clock runs; a hidden double does not restart the defenders' clock. */
function restartsClock(event: DoudizhuEvent): boolean {
  return (
    event.type === 'CardsDealt' ||
    event.type === 'BidMade' ||
    event.type === 'LandlordChosen' ||
    event.type === 'DoublesRevealed' ||
    event.type === 'KittyRevealed' ||
    event.type === 'CardsPlayed' ||
    event.type === 'Passed' ||
    event.type === 'TrickWon'
  );
}

function apply(state: DoudizhuState, event: DoudizhuEvent): DoudizhuState {
  switch (event.type) {
    case 'MatchCreated': {
      const players: [
        { id: string; name: string },
        { id: string; name: string },
        { id: string; name: string },
      ] = [...state.players];
      for (const p of event.data.players) players[p.seat] = { id: p.id, name: p.name };
      return {
        ...state,
        status: 'betweenBoards',
        ruleset: doudizhuRulesetOf(event.data.ruleset),
        table: event.data.table,
        players,
      };
    }
    case 'BoardStarted':
      return {
        ...state,
        status: 'inBoard',
        board: newBoard(event.data.board, event.data.firstBidder, event.data.duplicate === true),
        held: event.data.held === true ? [...state.held, event.data.board] : state.held,
      };
    case 'BoardHoldLifted':
      return { ...state, held: state.held.filter((board) => board !== event.data.board) };
    case 'DeckCommitted':
      return withBoard(state, (b) => patched(b, { commitment: event.data.commitment }));
    case 'CardsDealt':
      return withBoard(state, (b) =>
        patched(b, {
          phase: 'bidding',
          salt: event.data.salt,
          deals: [...b.deals, { redeal: event.data.redeal, seed: event.data.seed, order: event.data.order }],
          hands: event.data.hands,
          kitty: event.data.kitty,
          bids: [],
          turn: b.firstBidder,
        }),
      );
    case 'BidMade':
      return withBoard(state, (b) =>
        patched(b, {
          bids: [...b.bids, { seat: event.data.seat, bid: event.data.bid }],
          turn: nextSeat(event.data.seat),
        }),
      );
    case 'BoardPassedOut':
      return withBoard(state, (b) => patched(b, { phase: 'dealing', turn: null }));
    case 'LandlordChosen':
      return withBoard(state, (b) =>
        patched(b, {
          phase: 'doubling',
          landlord: event.data.seat,
          bid: event.data.bid,
          turn: null,
        }),
      );
    case 'DoubleChosen':
      return withBoard(state, (b) =>
        patched(b, {
          doubles: setSeat(b.doubles, event.data.seat, event.data.double),
        }),
      );
    case 'DoublesRevealed': {
      const anyDouble = event.data.doubles.some((d) => d.double);
      return withBoard(state, (b) =>
        patched(b, {
          doublesRevealed: true,
          phase: anyDouble ? 'redoubling' : b.phase,
          turn: anyDouble ? b.landlord : null,
        }),
      );
    }
    case 'RedoubleChosen':
      return withBoard(state, (b) => patched(b, { redoubled: event.data.redouble, turn: null }));
    case 'KittyRevealed':
      return withBoard(state, (b) =>
        patched(b, {
          phase: 'play',
          kittyRevealed: true,
          hands: setSeat(b.hands, event.data.landlord, [
            ...b.hands[event.data.landlord],
            ...event.data.cards,
          ]),
          turn: event.data.landlord,
          trick: { leader: event.data.landlord, last: null, passes: 0 },
        }),
      );
    case 'CardsPlayed':
      return withBoard(state, (b) => played(timed(b, state, event.data), event.data));
    case 'Passed':
      return withBoard(state, (b) =>
        patched(timed(b, state, event.data), {
          turn: nextSeat(event.data.seat),
          trick: b.trick === null ? null : { ...b.trick, passes: b.trick.passes + 1 },
        }),
      );
    case 'TrickWon':
      return withBoard(state, (b) =>
        patched(b, {
          turn: event.data.seat,
          trick: { leader: event.data.seat, last: null, passes: 0 },
        }),
      );
    case 'CardsReported':
      return withBoard(state, (b) => patched(b, { reported: [...b.reported, event.data.seat] }));
    case 'BoardEnded':
      return {
        ...withBoard(state, (b) =>
          patched(b, { phase: 'over', turn: null, trick: null, result: event.data }),
        ),
        status: 'betweenBoards',
        boardsPlayed: state.boardsPlayed + 1,
        boardNumbers: [...state.boardNumbers, event.data.board],
        completed: [
          ...state.completed,
          {
            board: event.data.board,
            commitment: state.board?.commitment ?? '',
            scores: event.data.scores,
            playTime: state.board?.playTime ?? [0, 0, 0],
          },
        ],
        boardTotals: event.data.totals,
        sealed: sealedAfter(state),
      };
    case 'DeckRevealed':
      return revealed(state, event.data);
    case 'PenaltyIssued':
    case 'AppealLodged':
    case 'AppealDecided':
      return { ...state, ...foldRuling(state, event) };
    case 'MatchEnded':
      return { ...state, status: 'ended', endedAt: event.data.endedAt };
  }
}

/** DDZ-GEN-1: a duplicate board's deals stay sealed at its end, until its set reveals them. */
function sealedAfter(state: DoudizhuState): DoudizhuState['sealed'] {
  const board = state.board;
  if (board?.duplicate !== true) return state.sealed;
  return [...state.sealed, { board: board.number, salt: board.salt, deals: board.deals }];
}

/** A revealed deal is no longer sealed; the board leaves the list with its last deal. */
function revealed(state: DoudizhuState, data: DdzEventOf<'DeckRevealed'>['data']): DoudizhuState {
  const entry = state.sealed.find((s) => s.board === data.board);
  if (entry === undefined) return state;
  const deals = entry.deals.filter((d) => d.redeal !== data.redeal);
  return {
    ...state,
    sealed: state.sealed.flatMap((s) => (s !== entry ? [s] : deals.length > 0 ? [{ ...s, deals }] : [])),
  };
}

function newBoard(number: number, firstBidder: Seat, duplicate: boolean): BoardState {
  return {
    number,
    phase: 'dealing',
    firstBidder,
    duplicate,
    salt: '',
    commitment: '',
    deals: [],
    hands: [[], [], []],
    kitty: [],
    bids: [],
    turn: null,
    landlord: null,
    bid: null,
    doubles: [null, null, null],
    doublesRevealed: false,
    redoubled: false,
    kittyRevealed: false,
    trick: null,
    plays: [0, 0, 0],
    bombs: 0,
    rockets: 0,
    reported: [],
    playTime: [0, 0, 0],
    result: null,
  };
}

/**
 * DEC-DDZ-6 (TRN-TB-4 steps 1 and 2, 只累计玩家出牌用时): a play or pass adds the player's own time,
 * from the start of his turn (the recorded time of the choice that started the running clock: the
 * last double or redouble before the first lead, then the previous play or pass) to the time of his
 * choice, a clock default's included. Only the play phase records CardsPlayed and Passed, so bidding
 * and doubling never count; a ruling recorded mid-turn stops neither the turn clock nor this time.
 */
function timed(
  b: BoardState,
  state: DoudizhuState,
  data: { readonly seat: Seat; readonly at?: number | undefined },
): BoardState {
  const started = state.clockStartedAt;
  if (data.at === undefined || started === null) return b;
  const spent = Math.max(0, data.at - started);
  return patched(b, { playTime: setSeat(b.playTime, data.seat, b.playTime[data.seat] + spent) });
}

function played(b: BoardState, data: DdzEventOf<'CardsPlayed'>['data']): BoardState {
  const { seat, cards, as } = data;
  return patched(b, {
    hands: setSeat(
      b.hands,
      seat,
      b.hands[seat].filter((c) => !cards.includes(c)),
    ),
    plays: setSeat(b.plays, seat, b.plays[seat] + 1),
    bombs: b.bombs + (as.type === 'bomb' ? 1 : 0),
    rockets: b.rockets + (as.type === 'rocket' ? 1 : 0),
    turn: nextSeat(seat),
    trick: { leader: b.trick?.leader ?? seat, last: { seat, cards, as }, passes: 0 },
  });
}

function withBoard(state: DoudizhuState, f: (board: BoardState) => BoardState): DoudizhuState {
  if (state.board === null) return state;
  const next = copyState(state);
  next.board = f(state.board);
  return next;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

// The state is rebuilt on every event, twice per decision (decide folds what it emits): a literal
// of the known shape copies several times faster in V8 than a spread followed by overrides.
function copyState(s: DoudizhuState): Mutable<DoudizhuState> {
  return {
    status: s.status,
    revision: s.revision,
    clockSince: s.clockSince,
    clockStartedAt: s.clockStartedAt,
    lastChoiceAt: s.lastChoiceAt,
    ruleset: s.ruleset,
    table: s.table,
    players: s.players,
    boardsPlayed: s.boardsPlayed,
    boardNumbers: s.boardNumbers,
    boardTotals: s.boardTotals,
    board: s.board,
    completed: s.completed,
    sealed: s.sealed,
    held: s.held,
    penalties: s.penalties,
    appeals: s.appeals,
    endedAt: s.endedAt,
  };
}

function patched(b: BoardState, patch: Partial<BoardState>): BoardState {
  const next: Mutable<BoardState> = {
    number: b.number,
    phase: b.phase,
    firstBidder: b.firstBidder,
    duplicate: b.duplicate,
    salt: b.salt,
    commitment: b.commitment,
    deals: b.deals,
    hands: b.hands,
    kitty: b.kitty,
    bids: b.bids,
    turn: b.turn,
    landlord: b.landlord,
    bid: b.bid,
    doubles: b.doubles,
    doublesRevealed: b.doublesRevealed,
    redoubled: b.redoubled,
    kittyRevealed: b.kittyRevealed,
    trick: b.trick,
    plays: b.plays,
    bombs: b.bombs,
    rockets: b.rockets,
    reported: b.reported,
    playTime: b.playTime,
    result: b.result,
  };
  return Object.assign(next, patch);
}

function setSeat<T>(values: PerSeat<T>, seat: Seat, value: T): PerSeat<T> {
  const out: [T, T, T] = [...values];
  out[seat] = value;
  return out;
}
