import { positionToString, type EventLog, type ReadAllOptions } from '@tablecast/event-store';
import { appealStream, tournamentStream } from '@tablecast/events';
import { ArbitrationIndex, ProjectionDb } from '@tablecast/projections';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { ProjectionRunner } from '../projections/projection-runner.service';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { AppealService } from './appeal.service';
import { IndexedArbitrationLookups } from './arbitration-lookups';
import { RulingService } from './ruling.service';
import { ScoreCorrectionService } from './score-corrections.service';
import {
  appealRequest,
  arbiter,
  matchService,
  openFixture,
  referee,
  seedPlayedMatch,
  sequentialEntropy,
  type ArbitrationFixture,
} from './testing/arbitration-fixture';

/** What is read of the whole log ($all) while armed: calls, those from its start, and events. */
interface LogReads {
  calls: number;
  fromStart: number;
  events: number;
}

/** Counts every read of the whole log (`readAll`, and SQLite's `readAllSync` under it) until disarmed. */
function watchLogReads(log: EventLog): { reads: LogReads; disarm(): void } {
  const reads: LogReads = { calls: 0, fromStart: 0, events: 0 };
  const readAll = log.readAll.bind(log);
  const readAllSync = log.readAllSync?.bind(log);
  const noted = (options: ReadAllOptions | undefined): void => {
    reads.calls += 1;
    if ((options?.fromPosition ?? 'start') === 'start') reads.fromStart += 1;
  };
  log.readAll = async function* (options) {
    noted(options);
    for await (const event of readAll(options)) {
      reads.events += 1;
      yield event;
    }
  };
  if (readAllSync !== undefined) {
    log.readAllSync = function* (options) {
      noted(options);
      for (const event of readAllSync(options)) {
        reads.events += 1;
        yield event;
      }
    };
  }
  return {
    reads,
    disarm() {
      log.readAll = readAll;
      if (readAllSync !== undefined) log.readAllSync = readAllSync;
    },
  };
}

async function countEvents(log: EventLog): Promise<number> {
  const positions: string[] = [];
  for await (const event of log.readAll()) positions.push(positionToString(event.position));
  return positions.length;
}

const dismissal = (rulingId: string) => ({
  rulingId,
  committee: ['chen', 'wang', 'zhou'],
  votes: [
    { memberId: 'chen', vote: 'dismiss' },
    { memberId: 'wang', vote: 'dismiss' },
    { memberId: 'zhou', vote: 'uphold' },
  ],
  reasoning: '未发现违规。',
});

describe('arbitration requests look up by key and never read the log from its start', () => {
  let server: TestServer;
  let store: AppEventStore;
  let lastHand = 0;
  const as = (token: string) => new MatchClient(server.url, token);

  beforeAll(async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    store = server.app.get<AppEventStore>(EVENT_STORE);
    // Other matches' events first: a read of the log from its start would read all of them too.
    for (const matchId of ['OTHER1', 'OTHER2', 'OTHER3']) await seedPlayedMatch(store, matchId, { deals: 2 });
    const seeded = await seedPlayedMatch(store, 'N1', { ruleset: 'cesa2023', deals: 2 });
    lastHand = seeded.filter((event) => event.type === 'HandEnded').length;
    const head = await store.log.headPosition?.();
    if (head === undefined) throw new Error('the SQLite log tells its head');
    await server.app.get(ProjectionRunner).waitFor(positionToString(head));
  });
  afterAll(() => server.stop());

  it('GD-APL-1/2, GD-VAR-003-16: filing, listing, ruling (409 on a ruling id of another appeal), correcting and exporting read no event before the runner’s position', async () => {
    const before = await countEvents(store.log);
    const watch = watchLogReads(store.log);
    try {
      expect(
        (await as(TEST_TOKENS.referee).request('POST', '/api/matches/N1/appeals', appealRequest('AP1')))
          .status,
      ).toBe(201);
      expect(
        (await as(TEST_TOKENS.referee).request('POST', '/api/matches/N1/appeals', appealRequest('AP2')))
          .status,
      ).toBe(201);
      const listed = await as(TEST_TOKENS.arbiter).request<{ appealId: string }[]>(
        'GET',
        '/api/matches/N1/appeals',
      );
      expect(listed.status).toBe(200);
      expect(listed.body.map((record) => record.appealId)).toEqual(['AP1', 'AP2']);
      expect((await as(TEST_TOKENS.arbiter).request('GET', '/api/matches/OTHER1/appeals')).body).toEqual([]);

      expect(
        (await as(TEST_TOKENS.arbiter).request('POST', '/api/appeals/AP1/ruling', dismissal('R1'))).status,
      ).toBe(201);
      // GD-APL-2: a ruling id names one ruling; another appeal's sheet under it is a key reused.
      const reused = await as(TEST_TOKENS.arbiter).request<{ message: string }>(
        'POST',
        '/api/appeals/AP2/ruling',
        dismissal('R1'),
      );
      expect(reused.status).toBe(409);
      expect(reused.body.message).toContain('rulingId');

      // GD-VAR-003-16: an entry error may be corrected until 5 minutes after the next pairings.
      expect((await as(TEST_TOKENS.referee).request('POST', '/api/matches/N1/players-left')).status).toBe(
        200,
      );
      const pairings = {
        round: 2,
        pairings: [{ table: 't1', NS: 'jiangsu', EW: 'anhui' }],
        previousRoundMatches: ['N1'],
      };
      expect(
        (await as(TEST_TOKENS.referee).request('POST', '/api/tournaments/T1/pairings', pairings)).status,
      ).toBe(201);
      const [published] = await store.readStream(tournamentStream('T1'));
      const corrected = await as(TEST_TOKENS.referee).request<{ windowClosesAt: number | null }>(
        'POST',
        '/api/matches/N1/score-corrections',
        { kind: 'entry-error', handNumber: lastHand, levelsAfter: { NS: 5, EW: 3 }, note: '录入错误' },
      );
      expect(corrected.status).toBe(200);
      expect(corrected.body.windowClosesAt).toBe(
        Date.parse(published?.metadata.recordedAt ?? '') + 5 * 60_000,
      );

      const exported = await as(TEST_TOKENS.arbiter).request<{ streams: Record<string, unknown> }>(
        'GET',
        '/api/matches/N1/export',
      );
      expect(exported.status).toBe(200);
      expect(Object.keys(exported.body.streams).sort()).toEqual([
        appealStream('AP1'),
        appealStream('AP2'),
        'match-N1',
      ]);
    } finally {
      watch.disarm();
    }
    const appended = (await countEvents(store.log)) - before;
    expect(watch.reads.fromStart).toBe(0);
    // Each read starts at the runner's position: at most the events written meanwhile, and that one.
    expect(watch.reads.events).toBeLessThanOrEqual(watch.reads.calls * (appended + 1));
    expect(watch.reads.events).toBeLessThan(before);
  });
});

describe('the lookups include what the projection runner has not applied yet (another api process’s writes)', () => {
  let fx: ArbitrationFixture;
  let db: ProjectionDb;

  beforeEach(() => {
    fx = openFixture();
    db = new ProjectionDb(join(fx.dataDir, 'lagging'));
  });
  afterEach(async () => {
    db.close();
    await fx.close();
  });

  it('GD-APL-1/2, GD-VAR-003-16: an appeal, a ruling and pairings after the runner’s position are found in the log after it', async () => {
    const index = new ArbitrationIndex(db);
    let applied: string | undefined;
    // A runner that stopped after the first filing: the index holds it, and nothing later.
    const lagging = new IndexedArbitrationLookups(fx.store, {
      arbitration: index,
      get appliedPosition() {
        return applied;
      },
    });
    const appeals = new AppealService(fx.store, fx.clock, sequentialEntropy(), lagging);
    const rulings = new RulingService(fx.store, sequentialEntropy(), appeals, matchService(fx), lagging);
    const corrections = new ScoreCorrectionService(
      fx.store,
      fx.clock,
      sequentialEntropy(),
      matchService(fx),
      lagging,
    );
    await seedPlayedMatch(fx.store, 'M1', { deals: 1 });
    await appeals.file('M1', appealRequest('A1'), referee);
    for await (const event of fx.store.readAll()) {
      index.apply(event);
      applied = positionToString(event.position);
    }
    await appeals.file('M1', appealRequest('A2'), referee);
    await rulings.issue('A2', dismissal('R2'), arbiter);
    await corrections.publishPairings(
      'T1',
      { round: 2, pairings: [{ table: 't1', NS: 'a', EW: 'b' }], previousRoundMatches: ['M1'] },
      referee,
    );
    const [published] = await fx.store.readStream(tournamentStream('T1'));

    expect(index.appealIdsOf('M1')).toEqual(['A1']);
    expect(await lagging.appealIdsOf('M1')).toEqual(['A1', 'A2']);
    expect(index.appealRuledBy('R2')).toBeUndefined();
    expect(await lagging.appealRuledBy('R2')).toBe('A2');
    expect(await lagging.nextPairingsPublishedAt('M1')).toBe(
      Date.parse(published?.metadata.recordedAt ?? ''),
    );
    // GD-APL-2: the ruling id R2, recorded after the runner's position, is still refused for A1.
    await expect(rulings.issue('A1', dismissal('R2'), arbiter)).rejects.toMatchObject({
      name: 'IdempotencyKeyReusedError',
      field: 'rulingId',
      key: 'R2',
    });
  });
});
