import { SEATS, isBombClass, type GuandanEvent, type MatchState, type Seat } from '@tablecast/guandan';
import type { HandResultView, MomentView, SeatActionView, TributeExchangeView } from '@tablecast/protocol';

/**
 * What the overlays show that the engine's state does not keep, folded from the same
 * events as the state. It holds hidden cards (tribute and return cards); `guandanFeedView` redacts them.
 */
export interface OverlayFacts {
  /** Each seat's latest action in the trick in progress (cleared when a trick is won or a deal starts). */
  readonly actions: Readonly<Record<Seat, SeatActionView | null>>;
  /** When the seat to play got the turn (ISO), and whether it is the deal's first play (GD-VAR-004-7). */
  readonly turn: { readonly seat: Seat; readonly since: string; readonly firstPlay: boolean } | null;
  readonly exchange: TributeExchangeView | null;
  readonly moment: MomentView | null;
  readonly history: readonly HandResultView[];
}

const NO_ACTIONS: OverlayFacts['actions'] = { S: null, E: null, N: null, W: null };

export const NO_FACTS: OverlayFacts = {
  actions: NO_ACTIONS,
  turn: null,
  exchange: null,
  moment: null,
  history: [],
};

interface Step {
  readonly event: GuandanEvent;
  /** The engine's state right after the event. */
  readonly after: MatchState;
  readonly revision: number;
  readonly at: string;
}

/** The facts after one more event. */
export function advanceFacts(facts: OverlayFacts, step: Step): OverlayFacts {
  const exchange = nextExchange(facts, step);
  // The moment of a completed exchange is the exchange after this event.
  const { moment, history } = momentAndHistory(facts, exchange, step);
  return {
    actions: nextActions(facts.actions, step),
    turn: nextTurn(facts, step),
    exchange,
    moment,
    history,
  };
}

function nextActions(actions: OverlayFacts['actions'], { event }: Step): OverlayFacts['actions'] {
  switch (event.type) {
    case 'CardsPlayed': {
      // A lead starts a new trick: the previous trick's passes and plays leave the table.
      const base = event.data.lead ? NO_ACTIONS : actions;
      return { ...base, [event.data.seat]: { kind: 'play', cards: event.data.cards, as: event.data.as } };
    }
    case 'Passed':
      return { ...actions, [event.data.seat]: { kind: 'pass' } };
    case 'HandStarted':
      return NO_ACTIONS;
    default:
      return actions;
  }
}

function nextTurn(facts: OverlayFacts, { event, after, at }: Step): OverlayFacts['turn'] {
  const hand = after.hand;
  if (hand?.phase !== 'play' || hand.turn === null) return null;
  // The clock restarts whenever the turn passes, and for a new lead by the same seat.
  const moved = event.type === 'CardsPlayed' || event.type === 'Passed' || event.type === 'TrickWon';
  if (facts.turn?.seat === hand.turn && !moved && event.type !== 'LeadAssigned') return facts.turn;
  const firstPlay = SEATS.every((seat) => hand.hands[seat].length === 27) && hand.trick?.last === null;
  return { seat: hand.turn, since: at, firstPlay };
}

function nextExchange(facts: OverlayFacts, { event, after }: Step): TributeExchangeView | null {
  const handNumber = after.hand?.number ?? 0;
  const current: TributeExchangeView =
    facts.exchange?.handNumber === handNumber
      ? facts.exchange
      : { handNumber, resisted: [], given: [], returned: [] };
  switch (event.type) {
    case 'HandStarted':
      return null;
    case 'TributeResisted':
      return { ...current, resisted: event.data.seats };
    case 'TributeGiven':
      return {
        ...current,
        given: [...current.given, { from: event.data.from, to: null, card: event.data.card }],
      };
    case 'TributeAssigned':
      return {
        ...current,
        given: event.data.assignments.map(({ from, to, card }) => ({ from, to, card })),
      };
    case 'TributeReturned':
      return {
        ...current,
        returned: [...current.returned, { from: event.data.from, to: event.data.to, card: event.data.card }],
      };
    default:
      return facts.exchange;
  }
}

function momentAndHistory(
  facts: OverlayFacts,
  exchange: TributeExchangeView | null,
  { event, revision, at }: Step,
): Pick<OverlayFacts, 'moment' | 'history'> {
  const stamp = { revision, at };
  switch (event.type) {
    case 'CardsPlayed':
      if (!isBombClass(event.data.as.type)) break;
      return {
        moment: { ...stamp, kind: 'bomb', seat: event.data.seat, cards: event.data.cards, as: event.data.as },
        history: facts.history,
      };
    case 'TributeResisted':
    case 'LeadAssigned':
      // The exchange is complete when play begins (or at once on 抗贡, GD-TRIB-6).
      if (exchange === null) break;
      if (event.type === 'LeadAssigned' && event.data.reason !== 'tributePaid') break;
      return { moment: { ...stamp, kind: 'tribute', exchange }, history: facts.history };
    case 'HandEnded': {
      const { handNumber, places, doubleDown, winningTeam, levelUp, levelsBefore, levelsAfter, foulBy } =
        event.data;
      const result = {
        handNumber,
        places,
        doubleDown,
        winningTeam,
        levelUp,
        levelsBefore,
        levelsAfter,
        foulBy,
      };
      return { moment: { ...stamp, kind: 'handEnd', result }, history: [...facts.history, result] };
    }
    case 'PenaltyIssued':
      return {
        moment: {
          ...stamp,
          kind: 'penalty',
          seat: event.data.seat,
          sanction: event.data.sanction,
          rule: event.data.rule,
          note: event.data.note,
        },
        history: facts.history,
      };
    default:
      break;
  }
  return { moment: facts.moment, history: facts.history };
}
