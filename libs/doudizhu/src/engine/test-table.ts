import { FACES, type Face } from '@tablecast/cards';
import type { DoudizhuEvent } from '../events/catalog';
import { ddzCga2017, type DoudizhuRuleset } from '../events/match-events';
import type { Seat } from '../events/primitives';
import type { DoudizhuCommand } from './commands';
import { decideDoudizhu } from './decide';
import type { DdzDecision } from './emitter';
import { evolveDoudizhu } from './evolve';
import { initialDoudizhuState, type DoudizhuState } from './state';

/**
 * A deal order from the three hands and the kitty it should give (card `i` < 51 goes to seat
 * `i mod 3`, DDZ-DEAL-1). Hands list 17 faces each; what a hand leaves out is filled from the rest.
 */
export function orderFor(
  hands: readonly [readonly Face[], readonly Face[], readonly Face[]],
  kitty: readonly Face[] = [],
): Face[] {
  const used = new Set<Face>([...hands.flat(), ...kitty]);
  const rest = FACES.filter((f) => !used.has(f));
  const take = (cards: readonly Face[], n: number): Face[] => [...cards, ...rest.splice(0, n - cards.length)];
  const full = [take(hands[0], 17), take(hands[1], 17), take(hands[2], 17)] as const;
  const order: Face[] = [];
  for (let i = 0; i < 17; i += 1) for (const hand of full) order.push(...hand.slice(i, i + 1));
  return [...order, ...take(kitty, 3)];
}

/** A table under test: a state, its log, and commands applied through decide + evolve. */
export class TestTable {
  state: DoudizhuState = initialDoudizhuState();
  readonly events: DoudizhuEvent[] = [];

  constructor(ruleset: DoudizhuRuleset = ddzCga2017) {
    this.must({
      type: 'CreateMatch',
      table: 'T1',
      ruleset,
      players: [
        { id: 'a', name: 'Ann', seat: 0 },
        { id: 'b', name: 'Bo', seat: 1 },
        { id: 'c', name: 'Cai', seat: 2 },
      ],
      now: 0,
    });
  }

  /** Applies the command if it is accepted; returns the decision either way. */
  run(command: DoudizhuCommand): DdzDecision {
    const decision = decideDoudizhu(command, this.state);
    if (decision.ok) {
      for (const event of decision.events) this.state = evolveDoudizhu(this.state, event);
      this.events.push(...decision.events);
    }
    return decision;
  }

  /** Applies a command that must be accepted; returns its events. */
  must(command: DoudizhuCommand): readonly DoudizhuEvent[] {
    const decision = this.run(command);
    if (!decision.ok) throw new Error(`${command.type} refused: ${decision.rule} ${decision.message}`);
    return decision.events;
  }

  deal(order: readonly Face[], board = this.state.boardsPlayed + 1): readonly DoudizhuEvent[] {
    return this.must({ type: 'DealBoard', board, order, salt: `salt-${String(board)}`, now: 1000 * board });
  }

  /** Seat `landlord` wins the bidding with 3; nobody doubles; play begins with his lead. */
  toPlay(landlord: Seat, doubles: readonly [boolean, boolean] = [false, false]): void {
    let seat = this.state.board?.turn ?? 0;
    while (seat !== landlord) {
      this.must({ type: 'Bid', seat, bid: 'pass' });
      seat = this.state.board?.turn ?? 0;
    }
    this.must({ type: 'Bid', seat: landlord, bid: 3 });
    const d1 = ((landlord + 1) % 3) as Seat;
    const d2 = ((landlord + 2) % 3) as Seat;
    this.must({ type: 'Double', seat: d1, double: doubles[0] });
    this.must({ type: 'Double', seat: d2, double: doubles[1] });
  }

  hand(seat: Seat): readonly Face[] {
    return this.state.board?.hands[seat] ?? [];
  }
}
