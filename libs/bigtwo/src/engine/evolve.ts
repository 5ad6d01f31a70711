import { foldRuling } from '@tablecast/game-kit';
import type { B2EventOf, BigTwoEvent } from '../events/catalog';
import { bigtwoRulesetOf } from '../events/match-events';
import { SEATS, nextSeat, type PerSeat, type Seat } from '../events/primitives';
import type { B2BoardState, BigTwoState } from './state';

/**
 * evolve(state, event) -> state: folds one recorded event. Total and pure; it trusts the event
 * (decide has already checked it), so a replay of the log rebuilds the state exactly.
 */
export function evolveBigTwo(state: BigTwoState, event: BigTwoEvent): BigTwoState {
  const next = apply(state, event);
  const revision = state.revision + 1;
  const restarts = restartsClock(event, state, next);
  const lastChoiceAt = choiceTime(event, state.lastChoiceAt);
  const stamped = copyState(next);
  stamped.revision = revision;
  stamped.clockSince = restarts ? revision : state.clockSince;
  stamped.clockStartedAt = restarts ? lastChoiceAt : state.clockStartedAt;
  stamped.lastChoiceAt = lastChoiceAt;
  return stamped;
}

/** The time a command's first event records; events that follow inside the same command keep it. */
function choiceTime(event: BigTwoEvent, last: number | null): number | null {
  switch (event.type) {
    case 'BoardStarted':
      return event.data.startedAt;
    case 'HandShown':
    case 'ShowDeclined':
    case 'DoubleChosen':
    case 'CardsPlayed':
    case 'Passed':
      return event.data.at ?? null;
    default:
      return last;
  }
}

/**
 * Events after which a new turn clock runs. The four show choices share one clock (B2-SHOW-1: in
 * parallel), so a show restarts it only when it is the last and the doubling turns begin.
 */
function restartsClock(event: BigTwoEvent, before: BigTwoState, after: BigTwoState): boolean {
  switch (event.type) {
    case 'CardsDealt':
    case 'DoubleChosen':
    case 'CardsPlayed':
    case 'Passed':
    case 'TrickWon':
      return true;
    case 'HandShown':
    case 'ShowDeclined':
      return before.board?.phase === 'showing' && after.board?.phase === 'doubling';
    default:
      return false;
  }
}

function apply(state: BigTwoState, event: BigTwoEvent): BigTwoState {
  switch (event.type) {
    case 'MatchCreated': {
      const players: Record<Seat, { id: string; name: string }> = { ...state.players };
      for (const p of event.data.players) players[p.seat] = { id: p.id, name: p.name };
      return {
        ...state,
        status: 'betweenBoards',
        ruleset: bigtwoRulesetOf(event.data.ruleset),
        table: event.data.table,
        players,
      };
    }
    case 'BoardStarted':
      return {
        ...state,
        status: 'inBoard',
        board: newBoard(event.data.board, event.data.duplicate === true),
        held: event.data.held === true ? [...state.held, event.data.board] : state.held,
      };
    case 'BoardHoldLifted':
      return { ...state, held: state.held.filter((board) => board !== event.data.board) };
    case 'DeckCommitted':
      return withBoard(state, (b) => patched(b, { commitment: event.data.commitment }));
    case 'CardsDealt':
      return withBoard(state, (b) =>
        patched(b, {
          phase: 'showing',
          salt: event.data.salt,
          seed: event.data.seed,
          order: event.data.order,
          hands: event.data.hands,
          firstSeat: event.data.firstSeat,
        }),
      );
    case 'HandShown':
      return withBoard(state, (b) => showChosen(b, event.data.seat, true));
    case 'ShowDeclined':
      return withBoard(state, (b) => showChosen(b, event.data.seat, false));
    case 'DoubleChosen':
      return withBoard(state, (b) => doubleChosen(b, event.data.seat, event.data.double));
    case 'CardsPlayed':
      return withBoard(state, (b) => played(timed(b, state, event.data), event.data));
    case 'Passed':
      return withBoard(state, (b) =>
        patched(timed(b, state, event.data), {
          turn: nextSeat(event.data.seat),
          trick:
            b.trick === null
              ? null
              : { leader: b.trick.leader, last: b.trick.last, passes: b.trick.passes + 1 },
        }),
      );
    case 'TrickWon':
      return withBoard(state, (b) =>
        patched(b, { turn: event.data.seat, trick: { leader: event.data.seat, last: null, passes: 0 } }),
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
            playTime: state.board?.playTime ?? { S: 0, E: 0, N: 0, W: 0 },
          },
        ],
        boardTotals: event.data.totals,
        // DEC-B2-4: a duplicate board's deal stays sealed at its end, until its set reveals it.
        sealed:
          state.board?.duplicate === true
            ? [
                ...state.sealed,
                { board: state.board.number, salt: state.board.salt, order: state.board.order },
              ]
            : state.sealed,
      };
    case 'DeckRevealed':
      return { ...state, sealed: state.sealed.filter((s) => s.board !== event.data.board) };
    case 'PenaltyIssued':
    case 'AppealLodged':
    case 'AppealDecided':
      return { ...state, ...foldRuling(state, event) };
    case 'MatchEnded':
      return { ...state, status: 'ended', endedAt: event.data.endedAt };
  }
}

function newBoard(number: number, duplicate: boolean): B2BoardState {
  const none = { S: null, E: null, N: null, W: null };
  return {
    number,
    phase: 'dealing',
    salt: '',
    duplicate,
    seed: null,
    order: [],
    commitment: '',
    hands: { S: [], E: [], N: [], W: [] },
    firstSeat: 'S',
    shown: none,
    doubled: none,
    turn: null,
    trick: null,
    firstLead: true,
    reported: [],
    playTime: { S: 0, E: 0, N: 0, W: 0 },
    result: null,
  };
}

/**
 * B2-TB-1, DEC-B2-6 (只累計玩家出牌用時): a play or pass adds the player's own time, from the start
 * of his turn (the recorded time of the choice that started the running clock: the last double
 * before the first lead, then the previous play or pass) to the time of his choice, a clock
 * default's included. Only the play phase records CardsPlayed and Passed, so showing and doubling
 * never count; a ruling recorded mid-turn stops neither the turn clock nor this time.
 */
function timed(
  b: B2BoardState,
  state: BigTwoState,
  data: { readonly seat: Seat; readonly at?: number | undefined },
): B2BoardState {
  const started = state.clockStartedAt;
  if (data.at === undefined || started === null) return b;
  const spent = Math.max(0, data.at - started);
  return patched(b, { playTime: setSeat(b.playTime, data.seat, b.playTime[data.seat] + spent) });
}

/** B2-SHOW-1 → B2-DBL-1: once all four have chosen, the doubling turns begin at 首家. */
function showChosen(b: B2BoardState, seat: Seat, shown: boolean): B2BoardState {
  const choices = setSeat(b.shown, seat, shown);
  const allChosen = SEATS.every((s) => choices[s] !== null);
  return allChosen
    ? patched(b, { shown: choices, phase: 'doubling', turn: b.firstSeat })
    : patched(b, { shown: choices });
}

/** B2-DBL-1 → B2-PLAY-1: once all four have chosen, 首家 leads the first trick. */
function doubleChosen(b: B2BoardState, seat: Seat, double: boolean): B2BoardState {
  const choices = setSeat(b.doubled, seat, double);
  if (!SEATS.every((s) => choices[s] !== null)) return patched(b, { doubled: choices, turn: nextSeat(seat) });
  return patched(b, {
    doubled: choices,
    phase: 'play',
    turn: b.firstSeat,
    trick: { leader: b.firstSeat, last: null, passes: 0 },
  });
}

function played(b: B2BoardState, data: B2EventOf<'CardsPlayed'>['data']): B2BoardState {
  const { seat, cards, as } = data;
  return patched(b, {
    hands: setSeat(
      b.hands,
      seat,
      b.hands[seat].filter((c) => !cards.includes(c)),
    ),
    turn: nextSeat(seat),
    trick: { leader: b.trick?.leader ?? seat, last: { seat, cards, as }, passes: 0 },
    firstLead: false,
  });
}

function withBoard(state: BigTwoState, f: (board: B2BoardState) => B2BoardState): BigTwoState {
  if (state.board === null) return state;
  const next = copyState(state);
  next.board = f(state.board);
  return next;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

// The state is rebuilt on every event, twice per decision (decide folds what it emits): a literal
// of the known shape copies many times faster in V8 than a spread followed by overrides.
function copyState(s: BigTwoState): Mutable<BigTwoState> {
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

function patched(b: B2BoardState, patch: Partial<B2BoardState>): B2BoardState {
  const next: Mutable<B2BoardState> = {
    number: b.number,
    phase: b.phase,
    salt: b.salt,
    duplicate: b.duplicate,
    seed: b.seed,
    order: b.order,
    commitment: b.commitment,
    hands: b.hands,
    firstSeat: b.firstSeat,
    shown: b.shown,
    doubled: b.doubled,
    turn: b.turn,
    trick: b.trick,
    firstLead: b.firstLead,
    reported: b.reported,
    playTime: b.playTime,
    result: b.result,
  };
  return Object.assign(next, patch);
}

function setSeat<T>(values: PerSeat<T>, seat: Seat, value: T): PerSeat<T> {
  return {
    S: seat === 'S' ? value : values.S,
    E: seat === 'E' ? value : values.E,
    N: seat === 'N' ? value : values.N,
    W: seat === 'W' ? value : values.W,
  };
}
