import { seededPrng, type Prng } from '@tablecast/cards';
import { appealStream, matchStream, type ResultCorrected } from '@tablecast/events';
import { randomLegalGuandanCommand as randomLegalCommand } from '@tablecast/games/testing';
import type { ClientCommand, CommandAccepted } from '@tablecast/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../auth/roles';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { foldMatch } from '../matches/loaded-match';
import { MatchCommandService } from '../matches/match-command.service';
import { StaleRevisionError } from '../matches/match.errors';
import { MatchClient, newMatchRequest, toClientCommand } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { AppealService } from './appeal.service';
import { RulingService, type RulingAnswer } from './ruling.service';
import { ScoreCorrectionService } from './score-corrections.service';

/**
 * Rulings, score corrections and PlayersLeftTable are written through the match service's
 * per-match queue, like the table's commands: they never lose a race to a command, the cached
 * match is folded with them in the queue (no reload from the store), a sender behind the log gets
 * a 409 with nothing written, and a restarted server folds the log to the same match.
 */
const operator: Principal = { role: 'operator', table: 't1', actorId: 'operator:t1' };
const referee: Principal = { role: 'referee', table: null, actorId: 'referee' };
const arbiter: Principal = { role: 'arbiter', table: null, actorId: 'arbiter' };

interface Parts {
  readonly matches: MatchCommandService;
  readonly store: AppEventStore;
  readonly corrections: ScoreCorrectionService;
  readonly appeals: AppealService;
  readonly rulings: RulingService;
}

function parts(server: TestServer): Parts {
  return {
    matches: server.app.get(MatchCommandService),
    store: server.app.get<AppEventStore>(EVENT_STORE),
    corrections: server.app.get(ScoreCorrectionService),
    appeals: server.app.get(AppealService),
    rulings: server.app.get(RulingService),
  };
}

/** The random legal bot's next command at the match's current revision (a deal when it has none). */
async function sendNext(
  matches: MatchCommandService,
  matchId: string,
  prng: Prng,
  key: string,
): Promise<CommandAccepted | null> {
  const match = await matches.get(matchId);
  if (match.state.status === 'ended') return null;
  const bot = randomLegalCommand(match.state, prng);
  const command: ClientCommand =
    bot === null ? { type: 'DealCards', seed: `${key}-deal` } : toClientCommand(bot);
  return matches.execute(matchId, { revision: match.revision, idempotencyKey: key, command }, operator);
}

/** Plays until the first hand has ended and the second is dealt: a hand result there to correct. */
async function playIntoSecondHand(matches: MatchCommandService, matchId: string, prng: Prng): Promise<void> {
  await matches.create(newMatchRequest(matchId, 't1', 3), referee);
  for (let sent = 0; sent < 2_000; sent += 1) {
    const match = await matches.get(matchId);
    if (match.state.status === 'inHand' && match.state.handsPlayed === 1) return;
    await sendNext(matches, matchId, prng, `${matchId}-setup-${String(sent)}`);
  }
  throw new Error('the second hand was never dealt');
}

/**
 * The table keeps sending, one command after another; after its first command the arbitration
 * `write` starts, and the table goes on until the write has settled and `after` more commands went
 * in. A command that lost its revision to the write is sent again on the newer revision, as the
 * operator console does after a 409. Returns the keys accepted and the write's outcome.
 */
async function tableRacing<T>(
  p: Parts,
  matchId: string,
  prng: Prng,
  write: () => Promise<T>,
  after = 3,
): Promise<{ accepted: string[]; written: Promise<T> }> {
  const { matches, store } = p;
  const read = store.readStream.bind(store);
  // A read of the whole match stream (the write's, planning against the log) answers late, as on
  // a loaded machine: the table's command in flight gets its turn before the answer arrives.
  const slowReads = vi.spyOn(store, 'readStream').mockImplementation(async (stream, options) => {
    const events = await read(stream, options);
    if (stream === matchStream(matchId) && options === undefined)
      await new Promise((resolve) => setImmediate(resolve));
    return events;
  });
  try {
    return await racing(matches, matchId, prng, write, after);
  } finally {
    slowReads.mockRestore();
  }
}

async function racing<T>(
  matches: MatchCommandService,
  matchId: string,
  prng: Prng,
  write: () => Promise<T>,
  after: number,
): Promise<{ accepted: string[]; written: Promise<T> }> {
  const race = { written: undefined as Promise<T> | undefined, settled: false };
  const accepted: string[] = [];
  let afterSettled = 0;
  for (let sent = 0; afterSettled < after; sent += 1) {
    if (sent > 500) throw new Error('the write never settled');
    const key = `${matchId}-race-${String(sent)}`;
    try {
      const answer = await sendNext(matches, matchId, prng, key);
      if (answer === null) break;
      accepted.push(key);
    } catch (error) {
      if (!(error instanceof StaleRevisionError)) throw error;
    }
    // Each command comes in on its own turn of the event loop, as over the network.
    await new Promise((resolve) => setImmediate(resolve));
    if (race.written === undefined) {
      race.written = write();
      race.written.then(
        () => (race.settled = true),
        () => (race.settled = true),
      );
    } else if (race.settled) afterSettled += 1;
  }
  if (race.written === undefined) throw new Error('the table sent nothing');
  return { accepted, written: race.written };
}

/** Revisions of the events each accepted command wrote, first and last. */
function commandSpan(
  log: readonly { readonly revision: number; readonly metadata: { readonly causationId: string | null } }[],
  keys: readonly string[],
): { first: number; last: number } {
  const revisions = log
    .filter((event) => keys.some((key) => event.metadata.causationId === `command:${key}`))
    .map((event) => event.revision);
  return { first: Math.min(...revisions), last: Math.max(...revisions) };
}

/** Asserts every accepted command is in the log exactly once and the cache equals a fold of the log. */
async function expectNothingLost(p: Parts, matchId: string, accepted: readonly string[]): Promise<void> {
  const log = await p.store.readStream(matchStream(matchId));
  expect(log.map((event) => event.revision)).toEqual(log.map((_, index) => index));
  const keys = new Set(log.flatMap((event) => event.metadata.causationId ?? []));
  for (const key of accepted) expect(keys, key).toContain(`command:${key}`);
  expect(await p.matches.get(matchId)).toEqual(foldMatch(matchId, log));
}

/**
 * The table's next command after the arbitration write: decided on the cached match, which
 * already holds the write (its revision), with no read of the match stream from the store.
 */
async function expectNextCommandFromCache(p: Parts, matchId: string, prng: Prng): Promise<void> {
  const lastStored = (await p.store.readStream(matchStream(matchId))).at(-1)?.revision;
  const reads = vi.spyOn(p.store, 'readStream');
  try {
    const cached = await p.matches.get(matchId);
    expect(cached.revision).toBe(lastStored);
    const answer = await sendNext(p.matches, matchId, prng, `${matchId}-after`);
    expect(answer?.revision).toBeGreaterThan(cached.revision);
    expect(reads.mock.calls.filter(([stream]) => stream === matchStream(matchId))).toEqual([]);
  } finally {
    reads.mockRestore();
  }
}

/**
 * Files an appeal against the match's latest event and returns the committee's ruling on it, to
 * be issued: a foul on E (GD-PEN-4) attached to that event, made against `matchRevision` if given.
 */
async function penaltyRuling(
  p: Parts,
  matchId: string,
  rulingId: string,
  matchRevision?: number,
): Promise<() => Promise<RulingAnswer>> {
  const disputed = (await p.matches.get(matchId)).revision;
  const appealId = `${rulingId}_appeal`;
  await p.appeals.file(
    matchId,
    {
      appealId,
      handNumber: 2,
      disputedRevisions: [disputed],
      statement: '东家出牌时有暗示动作',
      appellant: { team: 'NS', captain: '王芳' },
      fee: { amount: 500 },
    },
    referee,
  );
  return () =>
    p.rulings.issue(
      appealId,
      {
        rulingId,
        committee: ['chen', 'wang', 'zhou'],
        votes: [
          { memberId: 'chen', vote: 'uphold' },
          { memberId: 'wang', vote: 'uphold' },
          { memberId: 'zhou', vote: 'uphold' },
        ],
        remedy: {
          kind: 'penalty-imposed',
          seat: 'E',
          sanction: 'foul',
          rule: 'GD-PEN-4',
          at: { stream: matchStream(matchId), revision: disputed },
        },
        reasoning: '录像显示东家有暗示动作',
        ...(matchRevision === undefined ? {} : { matchRevision }),
      },
      arbiter,
    );
}

/**
 * The write's corrections are in the log once, between the table's commands (not after them),
 * every command the table had accepted is there too, and the cache equals a fold of the log.
 */
async function expectWrittenAmidTheTable(
  p: Parts,
  matchId: string,
  corrections: readonly ResultCorrected['data'][],
  accepted: readonly string[],
): Promise<void> {
  const log = await p.store.readStream(matchStream(matchId));
  const written = log.filter(
    (event) =>
      event.type === 'ResultCorrected' && corrections.some((c) => c.correctionId === event.data.correctionId),
  );
  expect(written.map((event) => event.data)).toEqual(corrections);
  const span = commandSpan(log, accepted);
  expect(written[0]?.revision).toBeGreaterThan(span.first);
  expect(written[0]?.revision).toBeLessThan(span.last);
  await expectNothingLost(p, matchId, accepted);
}

describe('one write path: arbitration writes through the match queue (real Nest app, real SQLite)', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('a score correction: the next command is decided on the cache that holds it; racing the table, it is serialized with its commands and none is lost', async () => {
    server = await startTestServer();
    const p = parts(server);
    const prng = seededPrng('write-path-score');
    await playIntoSecondHand(p.matches, 'w_score', prng);
    const correct = (NS: number) =>
      p.corrections.correct(
        'w_score',
        { kind: 'recording-error', handNumber: 1, levelsAfter: { NS, EW: 0 }, note: '记分员记错了升级' },
        referee,
      );
    await correct(3);
    await expectNextCommandFromCache(p, 'w_score', prng);

    const table = await tableRacing(p, 'w_score', prng, () => correct(4));
    const answer = await table.written;
    expect(answer.corrections).toMatchObject([{ handNumber: 1, reason: 'recording-error' }]);
    await expectWrittenAmidTheTable(p, 'w_score', answer.corrections, table.accepted);
  });

  it('a ruling (a penalty the committee imposes): the next command is decided on the cache that holds it; racing the table, it is serialized with its commands and none is lost', async () => {
    server = await startTestServer();
    const p = parts(server);
    const prng = seededPrng('write-path-ruling');
    await playIntoSecondHand(p.matches, 'w_ruling', prng);
    await (
      await penaltyRuling(p, 'w_ruling', 'W_R1')
    )();
    await expectNextCommandFromCache(p, 'w_ruling', prng);

    const table = await tableRacing(p, 'w_ruling', prng, await penaltyRuling(p, 'w_ruling', 'W_R2'));
    const answer = await table.written;
    expect(answer.corrections).toMatchObject([{ rulingId: 'W_R2', effect: 'penalty-added' }]);
    await expectWrittenAmidTheTable(p, 'w_ruling', answer.corrections, table.accepted);
  });

  it('409 for a score correction or a ruling made against an older match revision; nothing is written', async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    const p = parts(server);
    const prng = seededPrng('write-path-stale');
    await playIntoSecondHand(p.matches, 'w_stale', prng);
    const seen = (await p.matches.get('w_stale')).revision;
    await sendNext(p.matches, 'w_stale', prng, 'w_stale-moved-on');
    const before = await p.store.readStream(matchStream('w_stale'));
    const referees = new MatchClient(server.url, TEST_TOKENS.referee);
    const arbiters = new MatchClient(server.url, TEST_TOKENS.arbiter);

    const correction = {
      kind: 'recording-error',
      handNumber: 1,
      levelsAfter: { NS: 4, EW: 0 },
      note: '记分员记错了升级',
    };
    const staleCorrection = await referees.request('POST', '/api/matches/w_stale/score-corrections', {
      ...correction,
      revision: seen,
    });
    expect(staleCorrection.status).toBe(409);

    const filed = await referees.request('POST', '/api/matches/w_stale/appeals', {
      appealId: 'W_AP2',
      handNumber: 1,
      disputedRevisions: [seen],
      statement: '第一副牌结果记错',
      language: 'zh-CN',
      appellant: { team: 'NS', captain: '王芳' },
      fee: { amount: 500 },
    });
    expect(filed.status).toBe(201);
    const sheet = {
      rulingId: 'W_R2',
      committee: ['chen', 'wang', 'zhou'],
      votes: [
        { memberId: 'chen', vote: 'uphold' },
        { memberId: 'wang', vote: 'uphold' },
        { memberId: 'zhou', vote: 'dismiss' },
      ],
      remedy: { kind: 'hand-result-corrected', handNumber: 1, levelsAfter: { NS: 4, EW: 0 } },
      reasoning: '记分表复核',
    };
    const staleRuling = await arbiters.request('POST', '/api/appeals/W_AP2/ruling', {
      ...sheet,
      matchRevision: seen,
    });
    expect(staleRuling.status).toBe(409);
    expect(await p.store.readStream(matchStream('w_stale'))).toEqual(before);
    expect((await p.store.readStream(appealStream('W_AP2'))).map((event) => event.type)).toEqual([
      'AppealFiled',
    ]);

    // Sent again against the revision now in force, both are carried out.
    const current = before.length - 1;
    const corrected = await referees.request('POST', '/api/matches/w_stale/score-corrections', {
      ...correction,
      revision: current,
    });
    expect(corrected.status).toBe(200);
    const ruled = await arbiters.request('POST', '/api/appeals/W_AP2/ruling', {
      ...sheet,
      matchRevision: current + 1,
    });
    expect(ruled.status).toBe(201);
    const after = await p.store.readStream(matchStream('w_stale'));
    expect(after.slice(before.length).map((event) => event.type)).toEqual([
      'ResultCorrected',
      'ResultCorrected',
    ]);
    expect(await p.matches.get('w_stale')).toEqual(foldMatch('w_stale', after));
  });

  it('the same sheet sent twice at once against one match revision: one carries it out, the other is answered as its retry, not a 409', async () => {
    server = await startTestServer();
    const p = parts(server);
    const prng = seededPrng('write-path-twice');
    await playIntoSecondHand(p.matches, 'w_twice', prng);
    const matchRevision = (await p.matches.get('w_twice')).revision;
    const issue = await penaltyRuling(p, 'w_twice', 'W_R3', matchRevision);
    const [first, second] = await Promise.all([issue(), issue()]);
    expect(second).toEqual(first);
    expect(first.corrections).toMatchObject([{ rulingId: 'W_R3', effect: 'penalty-added' }]);
    const log = await p.store.readStream(matchStream('w_twice'));
    expect(log.slice(matchRevision + 1).map((event) => event.type)).toEqual(['ResultCorrected']);
    expect(await p.matches.get('w_twice')).toEqual(foldMatch('w_twice', log));
  });

  it('after a restart the fold of the log equals the match the first server held in memory', async () => {
    const first = await startTestServer();
    server = first;
    const p = parts(first);
    const prng = seededPrng('write-path-restart');
    await playIntoSecondHand(p.matches, 'w_restart', prng);
    await p.corrections.correct(
      'w_restart',
      { kind: 'recording-error', handNumber: 1, levelsAfter: { NS: 4, EW: 0 }, note: '记分员记错了升级' },
      referee,
    );
    await sendNext(p.matches, 'w_restart', prng, 'w_restart-between');
    await p.corrections.playersLeft('w_restart', referee);
    const held = await p.matches.get('w_restart');
    await first.app.close();

    server = await restartTestServer(first);
    const q = parts(server);
    const log = await q.store.readStream(matchStream('w_restart'));
    expect(log.at(-1)?.type).toBe('PlayersLeftTable');
    expect(foldMatch('w_restart', log)).toEqual(held);
    expect(await q.matches.get('w_restart')).toEqual(held);
  });
});
