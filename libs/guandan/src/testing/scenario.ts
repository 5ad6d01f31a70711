import { doubleDeck, isCardId, type CardId } from '@tablecast/cards';
import type { GuandanCommand } from '../engine/commands';
import { decide } from '../engine/decide';
import type { Decision } from '../engine/emitter';
import { evolve } from '../engine/evolve';
import { initialState, type LastHand, type MatchState, type PerSeat, type PerTeam } from '../engine/state';
import type { GuandanEvent } from '../events/catalog';
import type { MatchFormat } from '../events/match-events';
import { nextSeat, SEATS, type Seat } from '../model/seats';
import { cga2017, type Ruleset } from '../ruleset/ruleset';

/**
 * Given/When/Then helpers for decider specs (Emmett style): build a state from facts, send a
 * command, look at the events or the violation. Pure, no test framework inside.
 */
export class Scenario {
  readonly events: GuandanEvent[] = [];

  constructor(public state: MatchState) {}

  /** Creates a game with the ruleset and format; a 4-player N–S / E–W table. */
  static create(ruleset: Ruleset = cga2017, format: MatchFormat = { kind: 'toPastAce' }, now = 0): Scenario {
    const s = new Scenario(initialState());
    s.must({
      type: 'CreateMatch',
      ruleset,
      format,
      teams: { NS: { id: 'ns', name: 'NS' }, EW: { id: 'ew', name: 'EW' } },
      table: 'T1',
      players: SEATS.map((seat) => ({ id: `p-${seat}`, name: seat, seat })),
      now,
    });
    return s;
  }

  /** Pretends a previous deal ended this way (levels and places), so the next deal's rules apply. */
  after(lastHand: LastHand, levels: PerTeam<number> = this.state.levels): this {
    this.state = { ...this.state, lastHand, levels, handsPlayed: this.state.handsPlayed + 1 };
    return this;
  }

  /** Deals so that each seat gets the listed cards (filled up from the rest of the deck). */
  deal(partial: Partial<PerSeat<readonly string[]>>, extra: Partial<GuandanCommand> = {}): Decision {
    const firstDrawer = this.nextFirstDrawer();
    return this.send({
      type: 'DealCards',
      order: orderFor(partial, firstDrawer),
      salt: 'salt',
      now: 0,
      ...extra,
    } as GuandanCommand);
  }

  send(command: GuandanCommand): Decision {
    const decision = decide(command, this.state);
    if (decision.ok) {
      for (const event of decision.events) this.state = evolve(this.state, event);
      this.events.push(...decision.events);
    }
    return decision;
  }

  /** The chief referee calls a foul on `seat` (GD-PEN-4): that pair loses the deal as a double-down. */
  foul(seat: Seat): readonly GuandanEvent[] {
    return this.must({ type: 'IssuePenalty', seat, sanction: 'foul', rule: 'GD-PEN-4', refereeId: 'chief' });
  }

  /** Sends a command that must succeed; throws with the violation otherwise. */
  must(command: GuandanCommand): readonly GuandanEvent[] {
    const decision = this.send(command);
    if (!decision.ok) throw new Error(`${decision.rule}: ${decision.message} (${JSON.stringify(command)})`);
    return decision.events;
  }

  /**
   * Replaces seats' hands mid-deal (a fixture for flow tests that need short hands; it breaks card
   * conservation on purpose, so only rule-flow specs use it).
   */
  setHands(hands: Partial<PerSeat<readonly string[]>>): this {
    const hand = this.state.hand;
    if (hand === null) throw new Error('no deal in progress');
    this.state = {
      ...this.state,
      hand: { ...hand, hands: { ...hand.hands, ...(hands as Partial<PerSeat<CardId[]>>) } },
    };
    return this;
  }

  hand(seat: Seat): readonly CardId[] {
    return this.state.hand?.hands[seat] ?? [];
  }

  private nextFirstDrawer(): Seat {
    const last = this.state.lastHand;
    if (last?.foulBy !== null) return 'S';
    const first = last.places[0] ?? 'S';
    return last.doubleDown ? nextSeat(first) : (last.places[3] ?? 'S');
  }
}

/** A 108-card order that deals `partial` (27 cards a seat, topped up from unused cards) from `firstDrawer`. */
export function orderFor(partial: Partial<PerSeat<readonly string[]>>, firstDrawer: Seat): CardId[] {
  const used = new Set<string>();
  for (const seat of SEATS) for (const c of partial[seat] ?? []) used.add(c);
  for (const c of used) if (!isCardId(c)) throw new Error(`not a card: ${c}`);
  const rest = doubleDeck().filter((c) => !used.has(c));
  const hands = Object.fromEntries(
    SEATS.map((seat) => {
      const own = [...(partial[seat] ?? [])] as CardId[];
      while (own.length < 27) own.push(rest.shift() ?? 'RJa');
      return [seat, own];
    }),
  ) as unknown as PerSeat<CardId[]>;
  const order: CardId[] = [];
  let seat = firstDrawer;
  for (let i = 0; i < 108; i += 1) {
    order.push(hands[seat][Math.floor(i / 4)] ?? 'RJa');
    seat = nextSeat(seat);
  }
  return order;
}
