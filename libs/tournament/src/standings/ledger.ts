import type { ScoredResult } from '../scoring/result';
import type { Withdrawal } from '../scoring/withdrawal';
import { rankByChain, type Chain, type ChainStep, type StepResult } from '../tiebreak/chain';
import { tb1Chain } from '../tiebreak/guandan-000';
import { tb2Chain } from '../tiebreak/guandan-003';
import type { PairRecord } from '../tiebreak/pair-record';
import {
  computeRanks,
  computeStandings,
  pairRecord,
  roundOf,
  standingsRows,
  type StandingsInput,
  type StandingsRow,
} from './standings';

/** What the ledger is set up with: everything of a standings input but the entrants and results. */
export type LedgerConfig = Omit<StandingsInput, 'entrants' | 'results' | 'withdrawals'>;

/**
 * Steps whose value depends on the pair's own record only: their result is kept per record object
 * and computed again only when the record changes (a result of that pair landed).
 */
const RECORD_ONLY_STEPS = new Set([
  'matchPoints',
  'levelPoints',
  'levelDifferencePoints',
  'roundsWon',
  'roundsDrawn',
  'levelDifference',
  'previousRank',
]);

/**
 * The standings kept up to date one result at a time: the same rows as `computeStandings` over the
 * same entrants and results (a property test holds them equal), without rebuilding every pair's
 * record, the previous round's ranking (TRN-TB-2 step 7) and the record-only tie-break values
 * for each result. A withdrawal may cancel results (TRN-WD-2); with any recorded, the ledger
 * answers with the whole computation.
 */
export class StandingsLedger {
  private readonly entrantList: string[] = [];
  private readonly latest = new Map<string, ScoredResult>();
  /** Per entrant, its results by id. */
  private readonly byEntrant = new Map<string, Map<string, ScoredResult>>();
  private readonly records = new Map<string, PairRecord>();
  private readonly withdrawals: Withdrawal[] = [];
  private readonly memo = new Map<string, WeakMap<PairRecord, StepResult>>();
  private previous: { round: number; ranks: ReadonlyMap<string, number> } | null = null;
  private cached: StandingsRow[] | null = null;

  constructor(private readonly config: LedgerConfig) {}

  get entrants(): readonly string[] {
    return this.entrantList;
  }

  /** The results in effect (the latest revision of each match). */
  results(): ScoredResult[] {
    return [...this.latest.values()];
  }

  addEntrant(entrant: string): void {
    if (this.byEntrant.has(entrant)) throw new RangeError(`entrants: ${entrant} is listed twice`);
    this.entrantList.push(entrant);
    this.byEntrant.set(entrant, new Map());
    this.records.set(entrant, pairRecord(entrant, [], null));
    this.previous = null;
    this.cached = null;
  }

  withdraw(withdrawal: Withdrawal): void {
    this.withdrawals.push(withdrawal);
    this.cached = null;
  }

  /** Records a result or a correction (a higher revision of the same id); a lower revision is ignored. */
  record(result: ScoredResult): void {
    const held = this.latest.get(result.id);
    if (held !== undefined && result.revision <= held.revision) {
      if (result.revision === held.revision && JSON.stringify(held) !== JSON.stringify(result))
        throw new RangeError(
          `results: two different results for ${result.id} at revision ${String(result.revision)}`,
        );
      return;
    }
    for (const side of [result.a, result.b])
      if (side !== null && !this.byEntrant.has(side.entrant))
        throw new RangeError(`results: ${result.id} names ${side.entrant}, who is not an entrant`);
    const touched = new Set<string>();
    for (const r of held === undefined ? [result] : [held, result])
      for (const side of [r.a, r.b]) if (side !== null) touched.add(side.entrant);
    this.latest.set(result.id, result);
    for (const entrant of touched) {
      const mine = this.byEntrant.get(entrant);
      if (mine === undefined) continue;
      if (held !== undefined) mine.delete(held.id);
      if (result.a.entrant === entrant || result.b?.entrant === entrant) mine.set(result.id, result);
    }
    const lastRound = this.lastRound();
    // The previous round's ranking stands while the rounds before the last one are unchanged.
    if (
      this.previous !== null &&
      (this.previous.round !== lastRound ||
        result.round < lastRound ||
        (held?.round ?? lastRound) < lastRound)
    )
      this.previous = null;
    for (const entrant of touched) this.rebuild(entrant);
    this.cached = null;
  }

  standings(): StandingsRow[] {
    if (this.cached !== null) return this.cached;
    this.cached =
      this.withdrawals.length > 0 || this.config.drawnOrder !== undefined
        ? computeStandings({
            ...this.config,
            entrants: this.entrantList,
            results: this.results(),
            withdrawals: this.withdrawals,
          })
        : this.incremental();
    return this.cached;
  }

  private incremental(): StandingsRow[] {
    const tb2 = this.chainName() === 'TRN-TB-2';
    const lastRound = this.lastRound();
    if (tb2 && lastRound > 1 && this.previous?.round !== lastRound) {
      const ranks = computeRanks({
        ...this.config,
        entrants: this.entrantList,
        results: this.results().filter((r) => r.round < lastRound),
      });
      this.previous = { round: lastRound, ranks };
      for (const entrant of this.entrantList) this.rebuild(entrant);
    } else if ((!tb2 || lastRound <= 1) && this.previous !== null) {
      this.previous = null;
      for (const entrant of this.entrantList) this.rebuild(entrant);
    }
    const chain = tb2 ? tb2Chain(this.records, this.config.tb2) : tb1Chain(this.records);
    return standingsRows(rankByChain([...this.records.values()], this.memoised(chain)), []);
  }

  private memoised(chain: Chain<PairRecord>): Chain<PairRecord> {
    return {
      ...chain,
      steps: chain.steps.map((step): ChainStep<PairRecord> => {
        if (!RECORD_ONLY_STEPS.has(step.key)) return step;
        let kept = this.memo.get(step.key);
        if (kept === undefined) {
          kept = new WeakMap();
          this.memo.set(step.key, kept);
        }
        const cache = kept;
        return {
          ...step,
          compute: (entry, tied, explain) => {
            const hit = cache.get(entry);
            if (hit !== undefined) return hit;
            const result = step.compute(entry, tied, explain);
            cache.set(entry, result);
            return result;
          },
        };
      }),
    };
  }

  private rebuild(entrant: string): void {
    const mine = this.byEntrant.get(entrant);
    if (mine === undefined) return;
    const rounds = [];
    const seen = new Set<number>();
    for (const result of mine.values()) {
      if (seen.has(result.round))
        throw new RangeError(`results: ${entrant} has two results in round ${String(result.round)}`);
      seen.add(result.round);
      const own = result.a.entrant === entrant ? result.a : result.b;
      const theirs = result.a.entrant === entrant ? result.b : result.a;
      if (own !== null) rounds.push(roundOf(result, own, theirs));
    }
    this.records.set(entrant, pairRecord(entrant, rounds, this.previous?.ranks.get(entrant) ?? null));
  }

  private lastRound(): number {
    let max = 0;
    for (const r of this.latest.values()) if (r.round > max) max = r.round;
    return max;
  }

  private chainName(): 'TRN-TB-1' | 'TRN-TB-2' {
    return this.config.chain ?? (this.config.ruleset === 'cga2017' ? 'TRN-TB-1' : 'TRN-TB-2');
  }
}
