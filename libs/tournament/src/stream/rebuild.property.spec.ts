import type { TournamentEvent } from '@tablecast/events';
import type { MatchResult } from '@tablecast/game-kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeStandings, type StandingsRow } from '../standings/standings';
import { decideTournament, type TournamentCommand } from './decide';
import { projectTournament, TournamentProjection } from './projection';
import { TournamentStandingsFold } from './standings-fold';
import { evolveTournament, initialTournamentState, scoredResults, type TournamentState } from './state';

/**
 * Random whole events of 8–200 pairs run through the decider: rounds paired, published, seated
 * and played; forfeits, withdrawals between rounds and data-entry corrections now and then. The
 * live projection (applied event by event, its standings read after each one, as the feed does)
 * and the runner's fold (fed in uneven chunks, as checkpoints split the log) must equal a rebuild
 * from the first event. The budget is a number of events (TRN_PROPERTY_EVENTS, 6 by default: a few
 * seconds on a loaded 2-core machine); fast-check prints the failing event's seed.
 */
const EVENTS = Number(process.env.TRN_PROPERTY_EVENTS ?? 6);
const TIMEOUT = 300_000;

const START = Date.parse('2026-05-01T09:00:00.000Z');
const at = (minutes: number): string => new Date(START + minutes * 60_000).toISOString();

function generator(seed: number): (bound: number) => number {
  let state = seed >>> 0;
  return (bound) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % bound;
  };
}

/** Guandan's result: the side past A (or ahead) takes the match points (the module's shape). */
const gameResult = (a: number, b: number): MatchResult => ({
  reason: 'pastAce',
  rule: 'GD-SCORE-2',
  winner: a >= b ? 'NS' : 'EW',
  sides: [
    { side: 'NS', matchPoints: a >= b ? 20 : 0, score: a },
    { side: 'EW', matchPoints: a >= b ? 0 : 20, score: b },
  ],
  boards: [],
});

interface Spec {
  readonly size: number;
  readonly rounds: number;
  readonly ruleset: 'cga2017' | 'cesa2023';
  readonly pairingRules: '000' | '003';
  readonly seed: number;
}

const specs = fc
  .record({
    ruleset: fc.constantFrom('cga2017' as const, 'cesa2023' as const),
    pairingRules: fc.constantFrom('000' as const, '003' as const),
    seed: fc.integer(),
  })
  // TRN-SWISS-10: an event under the 003 document (ruleset cesa2023) takes at most 100 pairs.
  .chain((s) =>
    fc.integer({ min: 8, max: s.ruleset === 'cesa2023' ? 100 : 200 }).map((size) => ({ ...s, size })),
  )
  .chain((s) =>
    fc
      .integer({ min: 2, max: Math.min(6, Math.floor(s.size / 2)) })
      .map((rounds): Spec => ({ ...s, rounds })),
  );

/** What the property saw of one event: its log, and the live readings taken along it. */
interface Played {
  readonly events: TournamentEvent[];
  readonly state: TournamentState;
  readonly live: TournamentProjection;
  readonly liveReadings: number;
}

/** Runs a whole random event through the decider, checking each round's pairing as it is made. */
function play(spec: Spec): Played {
  const next = generator(spec.seed);
  let state = initialTournamentState;
  const events: TournamentEvent[] = [];
  const live = new TournamentProjection();
  let liveReadings = 0;
  const run = (command: TournamentCommand): boolean => {
    const decision = decideTournament(command, state);
    if (!decision.ok) return false;
    for (const event of decision.events) {
      state = evolveTournament(state, event);
      events.push(event);
      live.apply(event);
      // The feed reads the live standings after each change: reading must not disturb them.
      if (event.type === 'ResultRecorded' || event.type === 'TournamentResultCorrected') {
        live.standings();
        liveReadings += 1;
      }
    }
    return true;
  };
  const must = (command: TournamentCommand): void => {
    const decision = decideTournament(command, state);
    if (!decision.ok) throw new Error(`${command.type}: ${decision.rule} ${decision.message}`);
    run(command);
  };

  must({
    type: 'CreateTournament',
    tournamentId: 'prop',
    name: 'Property Open',
    game: 'guandan',
    ruleset: spec.ruleset,
    stages: [{ format: 'swiss', venue: 'onSite', rounds: spec.rounds, unit: { games: 1, bestOf: false } }],
    options: {
      pairingRules: spec.pairingRules,
      firstRound: 'lot',
      whenNoLegalPairing: 'refuse',
      // 000 leaves a bye's score to the regulations (TRN-SCORE-4): these set 2 match points, 13.
      byeScore: { matchTenths: 20, levelPoints: 13 },
    },
  });
  const units = 1 + next(12);
  for (let i = 1; i <= spec.size; i++)
    must({
      type: 'RegisterEntrant',
      entrant: `P${String(i).padStart(3, '0')}`,
      name: `Pair ${String(i)}`,
      unit: `U${String(i % units)}`,
      seed: i,
    });

  const met = new Set<string>();
  let minute = 0;
  for (let round = 1; round <= spec.rounds; round++) {
    minute += 100;
    must({ type: 'PairRound', seed: `prop-${String(spec.seed)}-${String(round)}`, now: at(minute) });
    const paired = state.rounds[round - 1]?.paired;
    if (paired === undefined) throw new Error(`round ${String(round)} not paired`);
    // TRN-SWISS-1: no rematch; TRN-SWISS-8: every pair still in plays once or has the bye.
    for (const { a, b } of paired.pairs) {
      expect(met.has(`${a}|${b}`)).toBe(false);
      met.add(`${a}|${b}`).add(`${b}|${a}`);
    }
    const inPlay = stillIn(state);
    const seen = paired.pairs.flatMap((p) => [p.a, p.b]);
    if (paired.bye !== null) seen.push(paired.bye);
    expect([...seen].sort()).toEqual([...inPlay].sort());
    expect(paired.bye === null).toBe(inPlay.length % 2 === 0);

    must({ type: 'PublishRound', round, now: at(minute + 1) });
    let table = 1;
    for (const pairing of paired.pairs) {
      const matchId = `prop.${pairing.match}`;
      must({ type: 'AssignMatch', round, match: pairing.match, table, matchId });
      table += 1;
      if (next(20) === 0)
        must({
          type: 'RecordForfeit',
          round,
          match: pairing.match,
          forfeitedBy: next(2) === 0 ? pairing.a : pairing.b,
          now: at(minute + 40),
        });
      else
        must({
          type: 'RecordGameResult',
          matchId,
          result: gameResult(next(15), next(15)),
          now: at(minute + 50),
        });
    }
    // A data-entry correction now and then, within its window (TRN-SWISS-9 decides which land).
    for (const pairing of paired.pairs)
      if (next(12) === 0)
        run({
          type: 'CorrectResult',
          round,
          match: pairing.match,
          kind: 'dataEntry',
          reason: 'keyed the wrong way round',
          scored: {
            kind: 'played',
            a: { entrant: pairing.a, matchTenths: 0, levelPoints: next(20), levelDifference: 0 },
            b: { entrant: pairing.b, matchTenths: 20, levelPoints: next(20), levelDifference: 0 },
          },
          playersLeftAt: null,
          now: at(minute + 60),
        });
    // A pair withdraws between rounds now and then (TRN-WD-2: its results stand).
    if (round < spec.rounds && next(4) === 0) {
      const still = stillIn(state);
      const gone = still[next(still.length)];
      if (gone !== undefined && still.length > 4)
        run({ type: 'WithdrawEntrant', entrant: gone, reason: 'illness', now: at(minute + 70) });
    }
  }
  return { events, state, live, liveReadings };
}

/** The pairs that have not withdrawn. */
const stillIn = (state: TournamentState): string[] =>
  [...state.entrants.values()].filter((e) => e.withdrawnIn === undefined).map((e) => e.entrant);

/** The runner's fold fed the log in uneven chunks, each chunk's events in order. */
function foldInChunks(events: readonly TournamentEvent[], seed: number): StandingsRow[] {
  const next = generator(seed ^ 0x2545f491);
  const fold = new TournamentStandingsFold();
  let revision = 0;
  while (revision < events.length) {
    const chunk = 1 + next(40);
    for (const event of events.slice(revision, revision + chunk)) {
      fold.apply('prop', revision, event);
      revision += 1;
    }
  }
  return fold.standings('prop') ?? [];
}

describe('tournament standings rebuild over random events of 8–200 pairs', () => {
  it(
    'TRN-TB-1: the live projection, the runner fold and a rebuild from the first event give identical standings',
    () => {
      fc.assert(
        fc.property(specs, (spec) => {
          const { events, state, live, liveReadings } = play(spec);
          expect(liveReadings).toBeGreaterThan(0);
          const rebuilt = projectTournament(events).standings();
          expect(rebuilt).toHaveLength(spec.size);
          // And all three equal the whole computation from the final results (not the same code path).
          const withdrawals = [...state.entrants.values()].flatMap((e) =>
            typeof e.withdrawnIn === 'number' ? [{ entrant: e.entrant, round: e.withdrawnIn }] : [],
          );
          expect(rebuilt).toEqual(
            computeStandings({
              ruleset: spec.ruleset,
              entrants: [...state.entrants.keys()],
              results: scoredResults(state),
              withdrawals,
            }),
          );
          expect(live.standings()).toEqual(rebuilt);
          expect(foldInChunks(events, spec.seed)).toEqual(rebuilt);
        }),
        { numRuns: EVENTS },
      );
    },
    TIMEOUT,
  );
});
