import { RANKS, type CardId } from '@tablecast/cards';
import type { GuandanEvent } from '../events/catalog';
import { partnerOf, type Seat } from '../model/seats';
import { withLaterFieldDefaults } from '../ruleset/ruleset';
import { dutiesAfter, dutiesOf } from './play-duties';
import type { HandState, MatchState, PerSeat } from './state';
import { firstToAct, nextToAct } from './turns';

/**
 * evolve(state, event) -> state: applies one recorded fact. It trusts the event (the decider
 * validated it) and never rejects; replaying a stream through it rebuilds the state.
 */
export function evolve(state: MatchState, event: GuandanEvent): MatchState {
  const next = evolveFact(state, event);
  // GD-TRIB-9, GD-PEN-9, GD-PEN-11: rulings' duties are discharged, armed or spent by later plays.
  const hand = next.hand;
  if (hand === null || hand.phase === 'over') return next;
  const duties = dutiesAfter(dutiesOf(hand), event);
  return duties === dutiesOf(hand) ? next : { ...next, hand: { ...hand, duties } };
}

function evolveFact(state: MatchState, event: GuandanEvent): MatchState {
  switch (event.type) {
    case 'MatchCreated': {
      const seatOf = (seat: Seat): string => event.data.players.find((p) => p.seat === seat)?.id ?? '';
      // GD-LVL-2: both pairs start at 2; DEC-GD-15: the extra deal on top of a level game, at their level.
      const start = event.data.startLevel === undefined ? 0 : RANKS.indexOf(event.data.startLevel);
      return {
        ...state,
        levels: { NS: start, EW: start },
        status: 'betweenHands',
        ruleset: withLaterFieldDefaults(event.data.ruleset),
        format: event.data.format,
        startsAt: event.data.startsAt,
        players: { S: seatOf('S'), E: seatOf('E'), N: seatOf('N'), W: seatOf('W') },
      };
    }
    case 'HandStarted':
      return {
        ...state,
        status: 'inHand',
        hand: {
          number: event.data.handNumber,
          level: event.data.level,
          levelTeam: event.data.levelTeam,
          phase: 'dealing',
          tribute: event.data.tribute,
          designatingTeam: event.data.designatingTeam,
          seed: null,
          salt: '',
          order: [],
          hands: { S: [], E: [], N: [], W: [] },
          tributesGiven: [],
          assignments: [],
          returnedBy: [],
          returns: [],
          returnChosen: false,
          turn: null,
          trick: null,
          finished: [],
          reported: [],
          suspended: [],
          barred: [],
          skipOnce: [],
          duties: [],
          penaltiesBefore: state.penalties.length,
        },
      };
    case 'DeckCommitted':
    case 'FirstLeadCut':
    case 'DeckRevealed':
    case 'MatchForfeited':
      return event.type === 'DeckRevealed' ? { ...state, hand: null, status: afterHand(state) } : state;
    case 'CardsDealt':
      return withHand(state, (hand) => ({
        ...hand,
        seed: event.data.seed,
        salt: event.data.salt,
        order: event.data.order,
        hands: event.data.hands,
        phase: hand.tribute !== 'none' ? 'tribute' : hand.designatingTeam !== null ? 'designate' : 'dealing',
      }));
    case 'TributeGiven':
      return withHand(state, (hand) => ({
        ...hand,
        hands: moveCard(hand.hands, event.data.card, event.data.from, null),
        tributesGiven: [...hand.tributesGiven, event.data],
      }));
    case 'TributeAssigned':
      return withHand(state, (hand) => {
        let hands = hand.hands;
        for (const a of event.data.assignments) hands = moveCard(hands, a.card, null, a.to);
        return { ...hand, hands, assignments: event.data.assignments };
      });
    case 'TributeReturned':
      return withHand(state, (hand) => ({
        ...hand,
        hands: moveCard(hand.hands, event.data.card, event.data.from, event.data.to),
        returnedBy: [...hand.returnedBy, event.data.from],
        returns: [...hand.returns, event.data],
      }));
    case 'ReturnChosen':
      return withHand(state, (hand) => {
        const other = hand.returns.find((r) => r.card !== event.data.card);
        const mine = hand.returns.find((r) => r.card === event.data.card);
        // Taking the card returned to the other tributer swaps the two returned cards.
        if (other === undefined || mine === undefined || mine.to === event.data.seat)
          return { ...hand, returnChosen: true };
        let hands = moveCard(hand.hands, mine.card, mine.to, event.data.seat);
        hands = moveCard(hands, other.card, other.to, mine.to);
        return { ...hand, hands, returnChosen: true };
      });
    case 'TributeResisted':
      return withHand(state, (hand) => ({ ...hand, tribute: 'none' }));
    case 'LeadAssigned':
      return withHand(state, (hand) => {
        const turn = firstToAct(hand, event.data.seat);
        // GD-PEN-11: a leader who lost his turn has now been passed over.
        const skipOnce =
          event.data.reason === 'turnLost' ? hand.skipOnce.filter((s) => s !== hand.turn) : hand.skipOnce;
        return {
          ...hand,
          phase: 'play',
          turn,
          skipOnce,
          trick: { leader: turn ?? event.data.seat, last: null, passed: [] },
        };
      });
    case 'CardsPlayed':
      return withHand(state, (hand) => {
        // GD-PEN-12: the bar lapses once the non-offending side plays.
        const barred = hand.barred.includes(event.data.seat) ? hand.barred : [];
        const hands = {
          ...hand.hands,
          [event.data.seat]: without(hand.hands[event.data.seat], event.data.cards),
        };
        return {
          ...hand,
          barred,
          hands,
          trick: {
            leader: hand.trick?.leader ?? event.data.seat,
            last: { seat: event.data.seat, cards: event.data.cards, as: event.data.as },
            passed: [],
          },
          // Who acts next goes by the hands and the bar after this play.
          turn: nextToAct({ hands, barred, suspended: hand.suspended }, event.data.seat),
        };
      });
    case 'Passed':
      return withHand(state, (hand) => {
        const trick = hand.trick ?? { leader: event.data.seat, last: null, passed: [] };
        return {
          ...hand,
          skipOnce: hand.skipOnce.filter((s) => s !== event.data.seat),
          trick: { ...trick, passed: [...trick.passed, event.data.seat] },
          // A pass moves no card and changes no suspension or bar: the turn goes by the hand as it was.
          turn: nextToAct(hand, event.data.seat),
        };
      });
    case 'CardsReported':
      return withHand(state, (hand) => ({ ...hand, reported: [...hand.reported, event.data.seat] }));
    case 'PlayerFinished':
      return withHand(state, (hand) => ({ ...hand, finished: [...hand.finished, event.data.seat] }));
    case 'TrickWon':
      return withHand(state, (hand) => {
        // DEC-GD-10: a suspension lasts one trick.
        const cleared: HandState = { ...hand, suspended: [], barred: [] };
        const turn = firstToAct(cleared, event.data.nextLeader);
        return { ...cleared, turn, trick: { leader: turn ?? event.data.nextLeader, last: null, passed: [] } };
      });
    case 'HandEnded':
      return {
        ...withHand(state, (hand) => ({ ...hand, phase: 'over', turn: null })),
        levels: event.data.levelsAfter,
        reachedAt: {
          NS: event.data.levelsAfter.NS !== state.levels.NS ? state.handsPlayed + 1 : state.reachedAt.NS,
          EW: event.data.levelsAfter.EW !== state.levels.EW ? state.handsPlayed + 1 : state.reachedAt.EW,
        },
        aFailures: event.data.aFailures,
        handsPlayed: state.handsPlayed + 1,
        lastHand: {
          places: event.data.places,
          doubleDown: event.data.doubleDown,
          winningTeam: event.data.winningTeam,
          foulBy: event.data.foulBy,
        },
      };
    case 'PenaltyIssued': {
      const penalties = [...state.penalties, event.data];
      if (event.data.sanction === 'turnLost') {
        return withHand({ ...state, penalties }, (hand) => ({
          ...hand,
          skipOnce: [...hand.skipOnce, event.data.seat],
        }));
      }
      const next = wrongPlayLosesTurn(
        barFromFollowing({ ...state, penalties }, event.data.seat, event.data.rule),
        event.data.seat,
        event.data.rule,
      );
      if (event.data.sanction !== 'violation' || next.hand === null) return next;
      return withHand(next, (hand) => {
        const suspended: HandState = { ...hand, suspended: [...hand.suspended, event.data.seat] };
        // DEC-GD-10: the offender is skipped as if passing; if it was his turn, the next player acts.
        const turn = hand.turn === event.data.seat ? nextToAct(suspended, event.data.seat) : hand.turn;
        const leader = hand.trick?.last === null && hand.trick.leader === event.data.seat ? turn : null;
        const trick = hand.trick === null ? null : { ...hand.trick, leader: leader ?? hand.trick.leader };
        return { ...suspended, turn, trick };
      });
    }
    case 'PlayDutyImposed':
      return state;
    case 'LevelsAwarded':
      return {
        ...state,
        levels: event.data.levelsAfter,
        reachedAt: { ...state.reachedAt, [event.data.team]: state.handsPlayed },
      };
    case 'TimeCalled':
      return { ...state, timeCalled: true };
    case 'MatchEnded':
      return { ...state, status: 'ended', result: event.data };
    default:
      return unreachableEvent(event);
  }
}

/**
 * GD-PEN-12 (000 第十八条 三): passing or declaring before the previous player has declared bars the
 * offender and his partner from following in the trick in progress; the turn moves past them.
 */
function barFromFollowing(state: MatchState, seat: Seat, rule: string): MatchState {
  const hand = state.hand;
  if (rule !== 'GD-PEN-12' || hand?.phase !== 'play' || hand.trick?.last == null) return state;
  const barred: HandState = { ...hand, barred: [...new Set([...hand.barred, seat, partnerOf(seat)])] };
  const turn =
    hand.turn !== null && barred.barred.includes(hand.turn) ? nextToAct(barred, hand.turn) : hand.turn;
  return { ...state, hand: { ...barred, turn } };
}

/**
 * GD-PEN-9 (000 第十七条 三): a follower's wrong play is taken back (the engine never accepted it)
 * and he loses this turn once; his 下家 plays next. Only when he is on turn and following.
 */
function wrongPlayLosesTurn(state: MatchState, seat: Seat, rule: string): MatchState {
  const hand = state.hand;
  if (rule !== 'GD-PEN-9' || hand?.phase !== 'play' || hand.trick?.last == null || hand.turn !== seat) {
    return state;
  }
  return { ...state, hand: { ...hand, skipOnce: [...hand.skipOnce, seat] } };
}

function afterHand(state: MatchState): MatchState['status'] {
  return state.status === 'ended' ? 'ended' : 'betweenHands';
}

function withHand(state: MatchState, update: (hand: HandState) => HandState): MatchState {
  return state.hand === null ? state : { ...state, hand: update(state.hand) };
}

function without(cards: readonly CardId[], remove: readonly CardId[]): CardId[] {
  return cards.filter((c) => !remove.includes(c));
}

function moveCard(
  hands: PerSeat<readonly CardId[]>,
  card: CardId,
  from: Seat | null,
  to: Seat | null,
): PerSeat<readonly CardId[]> {
  let next = hands;
  if (from !== null) next = { ...next, [from]: without(next[from], [card]) };
  if (to !== null) next = { ...next, [to]: [...next[to], card] };
  return next;
}

function unreachableEvent(event: never): never {
  throw new Error(`unknown event ${JSON.stringify(event)}`);
}
