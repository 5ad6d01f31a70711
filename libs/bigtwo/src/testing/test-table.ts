import type { Face } from '@tablecast/cards';
import type { BigTwoEvent } from '../events/catalog';
import { b2Cga2017, type BigTwoRuleset } from '../events/match-events';
import { BIGTWO_FACES, SEATS, type PerSeat, type Seat } from '../events/primitives';
import type { BigTwoCommand } from '../engine/commands';
import { decideBigTwo } from '../engine/decide';
import type { B2Decision } from '../engine/emitter';
import { evolveBigTwo } from '../engine/evolve';
import { initialBigTwoState, type BigTwoState } from '../engine/state';

/**
 * A deal order from the hands it should give (card `i` goes to seat `i mod 4` from S,
 * B2-DEAL-1). Each hand lists up to 13 faces; what a hand leaves out is filled from the rest.
 */
export function orderFor(hands: Partial<PerSeat<readonly Face[]>>): Face[] {
  const used = new Set<Face>(SEATS.flatMap((s) => hands[s] ?? []));
  const rest = BIGTWO_FACES.filter((f) => !used.has(f));
  const full = SEATS.map((s) => {
    const given = hands[s] ?? [];
    return [...given, ...rest.splice(0, 13 - given.length)];
  });
  const order: Face[] = [];
  for (let i = 0; i < 13; i += 1) for (const hand of full) order.push(...hand.slice(i, i + 1));
  return order;
}

/** A table under test: a state, its log, and commands applied through decide + evolve. */
export class B2TestTable {
  state: BigTwoState = initialBigTwoState();
  readonly events: BigTwoEvent[] = [];

  constructor(ruleset: BigTwoRuleset = b2Cga2017) {
    this.must({
      type: 'CreateMatch',
      table: 'T1',
      ruleset,
      players: SEATS.map((seat) => ({ id: `p${seat}`, name: `Player ${seat}`, seat })),
      now: 0,
    });
  }

  /** Applies the command if it is accepted; returns the decision either way. */
  run(command: BigTwoCommand): B2Decision {
    const decision = decideBigTwo(command, this.state);
    if (decision.ok) {
      for (const event of decision.events) this.state = evolveBigTwo(this.state, event);
      this.events.push(...decision.events);
    }
    return decision;
  }

  /** Applies a command that must be accepted; returns its events. */
  must(command: BigTwoCommand): readonly BigTwoEvent[] {
    const decision = this.run(command);
    if (!decision.ok) throw new Error(`${command.type} refused: ${decision.rule} ${decision.message}`);
    return decision.events;
  }

  deal(order: readonly Face[], board = this.state.boardsPlayed + 1): readonly BigTwoEvent[] {
    return this.must({ type: 'DealBoard', board, order, salt: `salt-${String(board)}`, now: 1000 * board });
  }

  /** Everyone makes the show choice, then the doubling choices in turn from 首家; play begins. */
  toPlay(shows: readonly Seat[] = [], doubles: readonly Seat[] = []): void {
    for (const seat of SEATS) this.must({ type: 'Show', seat, show: shows.includes(seat) });
    for (let i = 0; i < 4; i += 1) {
      const seat = this.state.board?.turn ?? 'S';
      this.must({ type: 'Double', seat, double: doubles.includes(seat) });
    }
  }

  hand(seat: Seat): readonly Face[] {
    return this.state.board?.hands[seat] ?? [];
  }
}
