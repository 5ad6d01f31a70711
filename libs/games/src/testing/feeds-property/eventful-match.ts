import { faceOfCard, nextBelow, seededPrng, type CardId, type Prng } from '@tablecast/cards';
import { effectiveEvents, matchStream, type ResultCorrected, type TablecastEvent } from '@tablecast/events';
import {
  decide,
  decideFolded,
  evolve,
  initialState,
  isGuandanEvent,
  otherTeam,
  randomLegalCommand,
  seatsOf,
  type GuandanCommand,
  type MatchState,
  type Ruleset,
  type Seat,
} from '@tablecast/guandan';
import { tablecastCatalog } from '../../catalog/tablecast-catalog';

/**
 * The random bots' match, plus what they never do on their own and what changes what is hidden:
 * referees' penalties (GD-PEN-2…4), committee rulings as they land in the match stream
 * (`ResultCorrected`, GD-APL-3; the appeal and the ruling itself go to the appeal stream), keying
 * corrections that take plays back into hands (TC-CORR-*, docs/corrections.md), and deals where
 * the tributers hold both big jokers so anti-tribute happens (GD-TRIB-6, GD-VAR-004-4).
 * Game commands go through the engine's `decide`, so all of it is legal; the correction events
 * follow the server's TC-CORR-1/2 bounds (a confirmation retracts `[toRevision + 1, last]`).
 */
export interface BlindspotRates {
  /** Chance per deal of a referee's penalty during play. */
  readonly penalty: number;
  /** Chance per deal of a committee ruling landing in the match stream. */
  readonly ruling: number;
  /** Chance per deal of a keying correction (requested, then confirmed or now and then rejected). */
  readonly correction: number;
  /** Chance per deal after the first of a deal arranged so the tributers hold both big jokers. */
  readonly antiTribute: number;
}

export const DEFAULT_BLINDSPOT_RATES: BlindspotRates = {
  penalty: 0.2,
  ruling: 0.1,
  correction: 0.15,
  antiTribute: 0.25,
};

/** How many of each the match holds (as accepted into its log). */
export interface BlindspotCounts {
  penalties: number;
  rulings: number;
  corrections: number;
  /** Confirmed corrections after which a card played in the retracted range is back in a hand. */
  cardsReturned: number;
  antiTributes: number;
  /** Of those, claimed by a tributer where anti-tribute is optional (GD-VAR-004-4). */
  claimedAntiTributes: number;
}

export interface EventfulMatch {
  readonly events: readonly TablecastEvent[];
  /**
   * The state after each event (the same index), as every reader of the log folds it: the events
   * still in effect after keying corrections (foldInEffect over the log up to that event).
   */
  readonly states: readonly MatchState[];
  readonly hands: number;
  readonly counts: BlindspotCounts;
}

export interface EventfulMatchOptions {
  readonly ruleset: Ruleset;
  readonly seed: string;
  readonly maxHands: number;
  readonly rates?: BlindspotRates;
}

const PENALTY_RULES = ['GD-PEN-2', 'GD-PEN-9', 'GD-PEN-13', 'GD-PEN-14'] as const;
const SANCTIONS = ['warning', 'warning', 'warning', 'violation', 'violation', 'foul'] as const;
/** How far back (in commands of the deal) a keying correction reaches. */
const RECENT = 8;
/** A scheduled step of a deal, or -1: none this deal. */
const NONE = -1;

function chance(prng: Prng, rate: number): boolean {
  return nextBelow(prng, 1000) < rate * 1000;
}

function pick<T>(prng: Prng, items: readonly T[]): T {
  const item = items[nextBelow(prng, items.length)];
  if (item === undefined) throw new RangeError('pick from an empty list');
  return item;
}

/** The events of a match log (revision = index) still in effect after its keying corrections. */
export function inEffect(events: readonly TablecastEvent[]): TablecastEvent[] {
  return effectiveEvents(
    events.map((event, revision) => ({ event, type: event.type, data: event.data, revision })),
  ).map((kept) => kept.event);
}

/** The fold every reader of the match uses: the events still in effect after keying corrections. */
export function foldInEffect(events: readonly TablecastEvent[]): MatchState {
  let state = initialState();
  for (const event of inEffect(events)) if (isGuandanEvent(event)) state = evolve(state, event);
  return state;
}

/** GD-TRIB-1/3: who pays tribute in the deal after `state.lastHand` (none after a foul). */
function payersAfter(state: MatchState): readonly Seat[] {
  const last = state.lastHand;
  if (last?.foulBy !== null) return [];
  if (last.doubleDown) return seatsOf(otherTeam(last.winningTeam));
  const lastPlace = last.places[3];
  return lastPlace === undefined ? [] : [lastPlace];
}

export function playEventfulMatch(options: EventfulMatchOptions): EventfulMatch {
  const rates = options.rates ?? DEFAULT_BLINDSPOT_RATES;
  const bots = seededPrng(`bots:${options.seed}`);
  const extra = seededPrng(`blindspots:${options.seed}`);
  const counts: BlindspotCounts = {
    penalties: 0,
    rulings: 0,
    corrections: 0,
    cardsReturned: 0,
    antiTributes: 0,
    claimedAntiTributes: 0,
  };
  const log: TablecastEvent[] = [];
  const states: MatchState[] = [];
  let state = initialState();

  // Read through a call: the insertions and commands replace `state`, so no narrowing may outlive them.
  const handNow = (): MatchState['hand'] => state.hand;
  const fail = (what: string, message: string): never => {
    throw new Error(`eventful match ${options.seed}: ${what} refused: ${message}`);
  };
  /** Decides `command` on the current state; records its events, or answers the refusal's message. */
  const tryApply = (command: GuandanCommand): string | null => {
    // The decider has folded its events already: its state is `evolve` over them, not redone here.
    const decision = decideFolded(command, state);
    if (!decision.ok) return decision.message;
    state = decision.state;
    decision.events.forEach((event, i) => {
      log.push(event);
      states.push(decision.states[i] ?? fail(command.type, `no state after ${event.type}`));
      if (event.type === 'TributeResisted') counts.antiTributes += 1;
      if (event.type === 'PenaltyIssued') counts.penalties += 1;
    });
    return null;
  };
  const apply = (command: GuandanCommand): void => {
    const refused = tryApply(command);
    if (refused !== null) fail(command.type, refused);
  };
  const appendValid = (event: TablecastEvent): void => {
    const checked = tablecastCatalog.validate(event);
    if (!checked.ok) fail(event.type, JSON.stringify(checked.issues));
    log.push(event);
    // A ruling or a correction's request or answer: no game event, the state stays (a confirmation's fold follows).
    states.push(state);
  };

  apply({
    type: 'CreateMatch',
    table: 'sim',
    ruleset: options.ruleset,
    format: { kind: 'toPastAce' },
    teams: { NS: { id: 'ns', name: 'North-South' }, EW: { id: 'ew', name: 'East-West' } },
    players: [
      { id: 'p-s', name: 'South', seat: 'S' },
      { id: 'p-e', name: 'East', seat: 'E' },
      { id: 'p-n', name: 'North', seat: 'N' },
      { id: 'p-w', name: 'West', seat: 'W' },
    ],
    now: 0,
  });

  /** The deal as the bots' seed shuffles it, or one arranged from it so the tributers hold both RJ. */
  const dealCommand = (hand: number): GuandanCommand => {
    const shuffled: GuandanCommand = {
      type: 'DealCards',
      seed: `${options.seed}:${String(hand)}`,
      salt: `salt:${String(hand)}`,
      now: hand,
    };
    const payers = payersAfter(state);
    if (payers.length === 0 || !chance(extra, rates.antiTribute)) return shuffled;
    const trial = decide(shuffled, state);
    const dealt = trial.ok ? trial.events.find((e) => e.type === 'CardsDealt') : undefined;
    if (dealt?.type !== 'CardsDealt') return shuffled;
    const order = [...dealt.data.order];
    const payerCards = new Set<CardId>(payers.flatMap((seat) => dealt.data.hands[seat]));
    // Swap each big joker outside the payers' hands with a card of theirs: the same deck, a
    // different order (GD-DEAL-5 allows an entered order), dealt by the same rules.
    for (const joker of order.filter((c) => faceOfCard(c) === 'RJ' && !payerCards.has(c))) {
      const from = order.indexOf(joker);
      const to = order.findIndex((c) => payerCards.has(c) && faceOfCard(c) !== 'RJ');
      const other = order[to];
      if (other === undefined) return shuffled;
      order[to] = joker;
      order[from] = other;
      payerCards.delete(other);
      payerCards.add(joker);
    }
    return { type: 'DealCards', order, salt: `salt:${String(hand)}`, now: hand };
  };

  let corrections = 0;
  let rulings = 0;
  let hands = 0;
  while (state.status === 'betweenHands' && hands < options.maxHands) {
    apply(dealCommand(hands));
    const dealStart = log.findLastIndex((e) => e.type === 'HandStarted');
    const plan = {
      penalty: chance(extra, rates.penalty) ? nextBelow(extra, 80) : NONE,
      ruling: chance(extra, rates.ruling) ? nextBelow(extra, 80) : NONE,
      correction: chance(extra, rates.correction) ? 2 + nextBelow(extra, 80) : NONE,
    };
    let resistTried = false;
    // Revisions after which the table stood in this deal's tribute or play: where a correction may go back to.
    const boundaries: number[] = [];
    for (let step = 0; state.hand !== null && step < 2000; step += 1) {
      const hand = state.hand;
      if (step === plan.penalty && hand.phase === 'play') {
        const seat = pick(extra, ['S', 'E', 'N', 'W'] as const);
        const shown = hand.hands[seat][0];
        tryApply({
          type: 'IssuePenalty',
          seat,
          sanction: pick(extra, SANCTIONS),
          rule: pick(extra, PENALTY_RULES),
          refereeId: 'ref-1',
          // A referee's note may name the cards involved, even one still in the hand (GD-PEN-9).
          note: shown === undefined ? 'breach at the table' : `${seat} exposed ${shown}`,
        });
      }
      if (step === plan.ruling) {
        rulings += 1;
        appendValid(rulingCorrection(log, state, rulings, extra));
        counts.rulings += 1;
      }
      // Mostly the last few commands were keyed wrong: back to one of the last RECENT boundaries.
      const reachable =
        step === plan.correction ? boundaries.filter((b) => b < log.length - 1).slice(-RECENT) : [];
      if (reachable.length > 0) {
        corrections += 1;
        const returned = correct(pick(extra, reachable), `kc${String(corrections)}`, dealStart);
        if (returned !== null) {
          const cut = boundaries.findIndex((b) => b > returned.toRevision);
          if (cut !== -1) boundaries.length = cut;
          if (returned.cards > 0) counts.cardsReturned += 1;
        }
      }
      const now = handNow();
      if (now === null) break;
      if (now.phase === 'tribute' && !resistTried && now.tributesGiven.length === 0) {
        // GD-VAR-004-4: where anti-tribute is optional, a qualifying tributer mostly claims it.
        resistTried = true;
        const payer = payersAfter(state)[0];
        if (payer !== undefined && nextBelow(extra, 4) !== 0)
          if (tryApply({ type: 'ResistTribute', seat: payer }) === null) counts.claimedAntiTributes += 1;
      }
      const command = randomLegalCommand(state, bots);
      if (command === null) break;
      apply(command);
      const phase = handNow()?.phase;
      if (phase === 'play' || phase === 'tribute') boundaries.push(log.length - 1);
    }
    hands += 1;
  }
  return { events: log, states, hands, counts };

  /**
   * TC-CORR-1…3: a request back to `toRevision` (within this deal), then the referee's answer: a
   * confirmation retracts everything after it (the request included), so the fold, as every
   * reader's, skips those events; now and then a rejection, which changes nothing.
   */
  function correct(
    toRevision: number,
    correctionId: string,
    dealStart: number,
  ): { toRevision: number; cards: number } | null {
    if (toRevision < dealStart || toRevision >= log.length - 1) fail('RequestCorrection', 'TC-CORR-2');
    appendValid({
      type: 'CorrectionRequested',
      data: { correctionId, toRevision, reason: 'keyed for the wrong seat' },
    });
    if (nextBelow(extra, 5) === 0) {
      appendValid({
        type: 'CorrectionRejected',
        data: { correctionId, note: 'the table confirms the play' },
      });
      return null;
    }
    const last = log.length - 1;
    const retracted = log.slice(toRevision + 1);
    appendValid({
      type: 'CorrectionConfirmed',
      data: { correctionId, toRevision, retracted: { from: toRevision + 1, to: last } },
    });
    state = foldInEffect(log);
    states[states.length - 1] = state;
    counts.corrections += 1;
    const hand = state.hand;
    const held = new Set<CardId>(hand === null ? [] : Object.values(hand.hands).flat());
    const cards = retracted.flatMap((e) => (e.type === 'CardsPlayed' ? e.data.cards : []));
    return { toRevision, cards: cards.filter((c) => held.has(c)).length };
  }
}

/**
 * GD-APL-3: what a committee ruling writes to the match stream, in the shape the server's
 * `correctionsForRemedy` gives it: a penalty of this match rescinded, or one imposed on the latest
 * play. Its note is the committee's reasoning, which may name a card still in a hand.
 */
function rulingCorrection(
  log: readonly TablecastEvent[],
  state: MatchState,
  n: number,
  prng: Prng,
): ResultCorrected {
  const rulingId = `ruling.${String(n)}`;
  const handNumber = Math.max(1, state.handsPlayed + (state.hand === null ? 0 : 1));
  const hand = state.hand;
  const seat = pick(prng, ['S', 'E', 'N', 'W'] as const);
  const named = hand?.hands[seat][0];
  const note = named === undefined ? 'the committee upholds the appeal' : `${seat} held ${named} at the time`;
  const penalty = log.findLastIndex((e) => e.type === 'PenaltyIssued');
  const at = penalty !== -1 && nextBelow(prng, 2) === 0 ? penalty : log.length - 1;
  const base = {
    correctionId: `${rulingId}.1`,
    matchId: 'm1',
    handNumber,
    reason: 'ruling' as const,
    rulingId,
    supersedes: { stream: matchStream('m1'), revision: at },
    note,
  };
  if (at === penalty) {
    return {
      type: 'ResultCorrected',
      data: { ...base, corrected: { voidedType: 'PenaltyIssued' }, effect: 'voided' },
    };
  }
  return {
    type: 'ResultCorrected',
    data: {
      ...base,
      corrected: { seat, sanction: 'warning', rule: 'GD-PEN-13', refereeId: `committee:${rulingId}`, note },
      effect: 'penalty-added',
    },
  };
}
