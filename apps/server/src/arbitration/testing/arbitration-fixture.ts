import { createEventStore, SqliteEventLog } from '@tablecast/event-store';
import { matchStream, type TablecastEvent } from '@tablecast/events';
import { tablecastCatalog } from '@tablecast/games';
import { GUANDAN_RULESETS, playRandomGuandanMatch, type GuandanRulesetName } from '@tablecast/games/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Principal } from '../../auth/roles';
import type { Clock, Entropy } from '../../clock/clock';
import { loadConfig } from '../../config';
import type { AppEventStore } from '../../event-store/event-store.module';
import { ReadinessService } from '../../health/readiness.service';
import { MatchCommandService } from '../../matches/match-command.service';
import { ProjectionRunner } from '../../projections/projection-runner.service';
import { IndexedArbitrationLookups } from '../arbitration-lookups';

export const T0 = Date.UTC(2026, 4, 2, 9, 0, 0);
export const MINUTE = 60_000;

/** A wall clock the test moves by hand; the event store stamps recordedAt from it too. */
export class FakeClock implements Clock {
  constructor(public wall = T0) {}
  now(): number {
    return this.wall;
  }
  advance(ms: number): void {
    this.wall += ms;
  }
}

export const sequentialEntropy = (): Entropy => {
  let n = 0;
  return { token: () => `tok${String((n += 1))}` };
};

/** The match service arbitration writes through (its queue and cache), on the fixture's store and clock. */
export function matchService(fx: ArbitrationFixture): MatchCommandService {
  return new MatchCommandService(fx.store, fx.clock, sequentialEntropy());
}

export const referee: Principal = { role: 'referee', table: null, actorId: 'referee' };
export const arbiter: Principal = { role: 'arbiter', table: null, actorId: 'arbiter' };
export const operatorT1: Principal = { role: 'operator', table: 't1', actorId: 'operator:t1' };
export const operatorT2: Principal = { role: 'operator', table: 't2', actorId: 'operator:t2' };

export interface ArbitrationFixture {
  readonly store: AppEventStore;
  readonly clock: FakeClock;
  readonly dataDir: string;
  /** The lookups as the server keeps them: a real projection runner following this log (started on first use). */
  lookups(): IndexedArbitrationLookups;
  close(): Promise<void>;
}

/** A real SQLite event log in a temp directory whose recordedAt comes from a fake clock. */
export function openFixture(): ArbitrationFixture {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-arbitration-'));
  const clock = new FakeClock();
  const store = createEventStore<TablecastEvent>({
    log: new SqliteEventLog({ dataDir, synchronous: 'normal' }),
    catalog: tablecastCatalog,
    now: () => new Date(clock.now()),
  });
  let runner: ProjectionRunner | undefined;
  let lookups: IndexedArbitrationLookups | undefined;
  return {
    store,
    clock,
    dataDir,
    lookups() {
      if (lookups === undefined) {
        // Its read models in a directory of their own: a spec may open projections.sqlite itself.
        const config = loadConfig({ TABLECAST_DATA_DIR: join(dataDir, 'runner') });
        runner = new ProjectionRunner(config, store, new ReadinessService(config));
        runner.onApplicationBootstrap();
        lookups = new IndexedArbitrationLookups(store, runner);
      }
      return lookups;
    },
    async close() {
      await runner?.onApplicationShutdown();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Plays a whole game between random bots through the rules engine and appends it to the match
 * stream as the operator of table t1 would have (one event per append is not needed: the times
 * that matter are those of the last events).
 */
export async function seedPlayedMatch(
  store: AppEventStore,
  matchId: string,
  options: { ruleset?: GuandanRulesetName; deals?: number; seed?: string; warningAfter?: number } = {},
): Promise<readonly TablecastEvent[]> {
  const played = playRandomGuandanMatch({
    ruleset: { ...GUANDAN_RULESETS[options.ruleset ?? 'cga2017'] },
    format: { kind: 'fixedDeals', deals: options.deals ?? 1 },
    seed: options.seed ?? matchId,
  });
  if (!played.ok) throw new Error(`playout failed: ${played.violation.message}`);
  const events: TablecastEvent[] = played.events.map((event) =>
    event.type === 'MatchCreated' ? { ...event, data: { ...event.data, table: 't1' } } : event,
  );
  if (options.warningAfter !== undefined) {
    // GD-PEN-2: a warning the table referee gave (it changes no cards, so the game stays valid).
    events.splice(options.warningAfter + 1, 0, {
      type: 'PenaltyIssued',
      data: { seat: 'N', sanction: 'warning', rule: 'GD-PEN-14', refereeId: 'referee', note: 'gesture' },
    });
  }
  await store.append(
    matchStream(matchId),
    events.map((event) => ({
      ...event,
      metadata: {
        correlationId: 'seed',
        causationId: null,
        actor: { id: 'operator:t1', role: 'operator' as const },
      },
    })),
    'no_stream',
  );
  return events;
}

/** A team's appeal against the first lead of hand 1 (revision 4 of a seeded match), fee paid. */
export const appealRequest = (appealId: string) => ({
  appealId,
  handNumber: 1,
  disputedRevisions: [4],
  statement: '首攻违规出牌。',
  appellant: { team: 'NS', captain: '张伟' },
  fee: { amount: 300 },
});
