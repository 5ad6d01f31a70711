/**
 * Collects a decision's events while folding them, so later steps of the decision see the earlier
 * consequences (a play that empties a hand ends the board). A game binds its own fold.
 */
export class DecisionEmitter<S, E> {
  readonly events: E[] = [];

  constructor(
    public state: S,
    private readonly evolve: (state: S, event: E) => S,
  ) {}

  emit(event: E): this {
    this.events.push(event);
    this.state = this.evolve(this.state, event);
    return this;
  }

  done(): { readonly ok: true; readonly events: readonly E[] } {
    return { ok: true, events: this.events };
  }
}
