import { seededPrng } from '@tablecast/cards';
import { positionToString, type RecordedEvent } from '@tablecast/event-store';
import { matchStream, type TablecastEvent } from '@tablecast/events';
import { randomLegalGuandanCommand as randomLegalCommand } from '@tablecast/games/testing';
import { readModelGame } from '@tablecast/games';
import {
  MatchProjection,
  ProjectionDb,
  rebuildProjections,
  type ReadModelGames,
  STATE_WRITE_EVENTS,
  STATE_WRITE_MS,
} from '@tablecast/projections';
import { toClientCommand } from '@tablecast/bots';
import type { ClientCommand } from '@tablecast/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../auth/roles';
import type { AppEventStore } from '../event-store/event-store.module';
import { openEmbeddedEventStore } from '../event-store/open-event-store';
import { MatchCommandService } from '../matches/match-command.service';
import { appendFinishedGuandan, finishedGuandan, TEST_EVENT_METADATA } from '../testing/finished-guandan';
import { MatchClient, newMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startServerOn, startTestServer } from '../testing/test-server';
import { ProjectionRunner } from './projection-runner.service';

const operator: Principal = { role: 'operator', table: '*', actorId: 'operator:state-writes' };
const referee: Principal = { role: 'referee', table: null, actorId: 'referee:state-writes' };

/**
 * Two Guandan matches through the real match service: `sw_a` with a keying correction rejected
 * and one confirmed (TC-CORR-*) between bot plays, `sw_b` played by the bots only.
 */
async function playMatches(store: AppEventStore): Promise<void> {
  let tokens = 0;
  const service = new MatchCommandService(
    store,
    { now: () => Date.UTC(2026, 10, 30, 12) },
    { token: (length) => String((tokens += 1)).padStart(length, '0') },
  );
  let keys = 0;
  const send = async (id: string, command: ClientCommand, by: Principal = operator): Promise<void> => {
    const { revision } = await service.get(id);
    await service.execute(
      id,
      { revision, idempotencyKey: `state-writes-${String((keys += 1))}`, command },
      by,
    );
  };
  const play = async (id: string, commands: number): Promise<void> => {
    const prng = seededPrng(`state-writes-${id}-${String(keys)}`);
    for (let sent = 0; sent < commands; sent += 1) {
      const bot = randomLegalCommand((await service.get(id)).state, prng);
      await send(
        id,
        bot === null ? { type: 'DealCards', seed: `${id}-${String(keys)}` } : toClientCommand(bot),
      );
    }
  };
  const correct = async (id: string, decision: 'ConfirmCorrection' | 'RejectCorrection'): Promise<void> => {
    const { revision } = await service.get(id);
    await send(id, { type: 'RequestCorrection', toRevision: revision - 2, reason: 'keyed the wrong seat' });
    const pending = (await service.get(id)).pendingCorrection;
    if (pending === null) throw new Error('no correction pending');
    const { correctionId } = pending;
    await send(
      id,
      decision === 'ConfirmCorrection'
        ? { type: decision, correctionId }
        : { type: decision, correctionId, note: 'the video shows the play' },
      referee,
    );
  };
  for (const id of ['sw_a', 'sw_b']) await service.create(newMatchRequest(id), operator);
  await play('sw_a', 20);
  await correct('sw_a', 'RejectCorrection');
  await play('sw_a', 10);
  await correct('sw_a', 'ConfirmCorrection');
  await play('sw_a', 10);
  await play('sw_b', 70);
}

interface Rows {
  readonly head: unknown[];
  readonly state: unknown[];
  readonly timeline: unknown[];
  readonly checkpoint: string | undefined;
}

function rowsOf(db: ProjectionDb): Rows {
  return {
    head: db.db.prepare('SELECT * FROM match_head ORDER BY match_id').all(),
    state: db.db.prepare('SELECT * FROM match_state ORDER BY match_id').all(),
    timeline: db.db.prepare('SELECT * FROM match_timeline ORDER BY match_id, revision').all(),
    checkpoint: db.meta('checkpoint'),
  };
}

/** The stored state's revision and the head's of a match. */
function revisionsOf(db: ProjectionDb, matchId: string): { state: number; head: number } {
  const row = db.db
    .prepare<[string], { state: number; head: number }>(
      `SELECT state.revision AS state, head.revision AS head FROM match_head AS head
       JOIN match_state AS state USING (match_id) WHERE match_id = ?`,
    )
    .get(matchId);
  if (!row) throw new Error(`no rows for ${matchId}`);
  return row;
}

interface Counted {
  readonly folded: number;
  readonly inner: unknown;
}

/**
 * The games' read models with each board wrapped in a count of the game events folded into it:
 * Guandan's state and board come out the same when an event is folded twice, the count does not.
 */
const counting: ReadModelGames = (game) => {
  const real = readModelGame(game);
  if (!real) return undefined;
  return {
    ...real,
    board: (previous, matchId, event) => {
      const prior = previous as Counted | null;
      const inner = real.board(prior?.inner ?? null, matchId, event) ?? prior?.inner ?? null;
      return { folded: (prior?.folded ?? 0) + 1, inner };
    },
    correct: (board, event) => {
      const { folded, inner } = board as Counted;
      return { folded, inner: real.correct(inner, event) };
    },
  };
};

/** What a model reads as once written and read back (JSON drops undefined fields). */
const asStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

describe('match states written less often than their timeline rows (real SQLite)', () => {
  let dataDir: string;
  let store: AppEventStore;
  let events: RecordedEvent<TablecastEvent>[];
  const opened: ProjectionDb[] = [];
  const open = (name: string): ProjectionDb => {
    const db = new ProjectionDb(join(dataDir, name));
    opened.push(db);
    return db;
  };
  /** The rows a rebuild of the whole log writes. */
  const rebuilt = async (games: ReadModelGames = readModelGame): Promise<Rows> => {
    const db = open('rebuilt');
    await rebuildProjections(store, db, games);
    return rowsOf(db);
  };

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tablecast-state-writes-'));
    store = openEmbeddedEventStore(dataDir);
    await playMatches(store);
    events = [];
    for await (const event of store.readAll()) events.push(event);
  });
  afterEach(async () => {
    for (const db of opened.splice(0)) db.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a busy match: its head and timeline rows with every flush, its state once a second has passed', () => {
    let now = 0;
    const db = open('busy');
    const live = new MatchProjection(db, readModelGame, () => now);
    const b = events.filter((event) => event.stream === 'match-sw_b');
    const writes: number[] = [];
    let stored = -1;
    for (const event of b) {
      live.apply(event);
      now += 100;
      live.flush();
      const { state, head } = revisionsOf(db, 'sw_b');
      expect(head).toBe(event.revision);
      if (state !== stored) writes.push(state);
      stored = state;
    }
    // Created, then every ten flushes of 100 ms: the first event after a write starts the second.
    expect(writes).toEqual(b.filter((event) => event.revision % 10 === 0).map((event) => event.revision));
    expect(STATE_WRITE_MS).toBe(1_000);
  });

  it('a catch-up writes a state every STATE_WRITE_EVENTS events of its match, however fast they come', () => {
    const db = open('catch-up');
    const live = new MatchProjection(db, readModelGame, () => 0);
    const b = events.filter((event) => event.stream === 'match-sw_b');
    for (const event of b) {
      live.apply(event);
      live.flush();
      const { state, head } = revisionsOf(db, 'sw_b');
      expect(head - state).toBeLessThan(STATE_WRITE_EVENTS);
    }
    expect(revisionsOf(db, 'sw_b').state).toBe(STATE_WRITE_EVENTS);
  });

  it('a crash between state writes: the restarted projection reads the fold of the log, a correction confirmed in the rows after the state included, and ends as a rebuild', async () => {
    const db = open('crash');
    const live = new MatchProjection(db, counting, () => 0);
    const confirmed = events.findIndex((event) => event.type === 'CorrectionConfirmed');
    // The crash: three more of sw_a's events flushed after the confirmation, no last flush.
    const crash = confirmed + 4;
    for (const event of events.slice(0, crash)) {
      live.apply(event);
      live.flush();
    }
    const confirmedRevision = events[confirmed]?.revision ?? -1;
    const lag = revisionsOf(db, 'sw_a');
    expect(lag.state).toBeLessThan(confirmedRevision);
    expect(lag.head).toBe(confirmedRevision + 3);

    const restarted = new MatchProjection(db, counting);
    for (const id of ['sw_a', 'sw_b']) expect(restarted.read(id)).toEqual(asStored(live.read(id)));
    expect(restarted.read('sw_a')?.revision).toBe(confirmedRevision + 3);

    // It goes on from the checkpoint, as the runner's subscription does.
    const flushed = events[crash - 1];
    if (!flushed) throw new Error('no event before the crash');
    expect(db.meta('checkpoint')).toBe(positionToString(flushed.position));
    for (const event of events.slice(crash)) restarted.apply(event);
    restarted.flush(true);
    expect(rowsOf(db)).toEqual(await rebuilt(counting));
  });

  it('a new term writes the states a crashed projector left behind, though their matches get no more events', async () => {
    const db = open('resume');
    const live = new MatchProjection(db, readModelGame, () => 0);
    for (const event of events) {
      live.apply(event);
      live.flush();
    }
    for (const id of ['sw_a', 'sw_b']) {
      const { state, head } = revisionsOf(db, id);
      expect(state).toBeLessThan(head);
    }

    const successor = new MatchProjection(db, readModelGame);
    successor.resume();
    expect(successor.lagging).toBe(2);
    successor.flush();
    expect(successor.lagging).toBe(0);
    expect(rowsOf(db)).toEqual(await rebuilt());
  });
});

describe('a rebuild of a log longer than one of its flushes (real SQLite)', () => {
  it('writes every match state at its head, one whose events straddle an intermediate flush included', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-state-writes-rebuild-'));
    const store = openEmbeddedEventStore(dataDir);
    const db = new ProjectionDb(join(dataDir, 'rebuilt'));
    try {
      // A match but for its last ten events, finished matches up to past the rebuild's 10,000 events
      // a flush, then its last ten: its state is behind by fewer than STATE_WRITE_EVENTS at the end.
      const cut = finishedGuandan('rb_cut').map((event) => ({ ...event, metadata: TEST_EVENT_METADATA }));
      const last = cut.length - 10;
      await store.append(matchStream('rb_cut'), cut.slice(0, last), 'no_stream');
      let appended = last;
      let matches = 1;
      while (appended < 10_000) {
        appended += (await appendFinishedGuandan(store, `rb_${String(matches)}`)) + 1;
        matches += 1;
      }
      await store.append(matchStream('rb_cut'), cut.slice(last), last - 1);
      const { events } = await rebuildProjections(store, db, readModelGame);
      expect(events).toBe(appended + 10);
      const lagging = db.db
        .prepare(
          `SELECT match_id FROM match_head AS head JOIN match_state AS state USING (match_id)
           WHERE state.revision <> head.revision`,
        )
        .all();
      expect(lagging).toEqual([]);
      expect(db.db.prepare('SELECT count(*) AS n FROM match_state').get()).toEqual({ n: matches });
    } finally {
      db.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a server booting on read models a crashed projector left (real SQLite, the real runner)', () => {
  it('writes the states left behind their heads within a flush or two, and stops with the rows a rebuild writes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-state-writes-boot-'));
    const scratch = mkdtempSync(join(tmpdir(), 'tablecast-state-writes-rebuilt-'));
    const lag = (db: ProjectionDb): unknown[] =>
      db.db
        .prepare(
          `SELECT match_id FROM match_head AS head JOIN match_state AS state USING (match_id)
           WHERE state.revision < head.revision`,
        )
        .all();
    try {
      const store = openEmbeddedEventStore(dataDir);
      await playMatches(store);
      const crashed = new ProjectionDb(dataDir);
      const live = new MatchProjection(crashed, readModelGame, () => 0);
      for await (const event of store.readAll()) {
        live.apply(event);
        live.flush();
      }
      expect(lag(crashed)).toHaveLength(2);
      crashed.close();
      await store.close();

      const server = await startServerOn(dataDir, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });
      const { db } = server.app.get(ProjectionRunner);
      try {
        await vi.waitFor(() => {
          expect(lag(db)).toEqual([]);
        });
      } finally {
        await server.app.close();
      }
      const after = new ProjectionDb(dataDir);
      const rows = rowsOf(after);
      after.close();
      const reread = openEmbeddedEventStore(dataDir);
      const rebuiltDb = new ProjectionDb(scratch);
      try {
        await rebuildProjections(reread, rebuiltDb, readModelGame);
        expect(rows).toEqual(rowsOf(rebuiltDb));
      } finally {
        rebuiltDb.close();
        await reread.close();
      }
    } finally {
      for (const dir of [dataDir, scratch]) rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a match gone quiet (the real runner)', () => {
  it('has its state written within about STATE_WRITE_MS of its last event, with no event to schedule the flush', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const client = new MatchClient(server.url, TEST_TOKENS.operatorT1);
      await client.create(newMatchRequest('sw_quiet'));
      let { revision } = (await client.send('sw_quiet', 0, { type: 'DealCards', seed: 'quiet' })).body;
      const prng = seededPrng('sw-quiet');
      for (let sent = 0; sent < 5; sent += 1) {
        const { body } = await client.state('sw_quiet');
        const next = randomLegalCommand(body.state, prng);
        if (next === null) throw new Error('the bot had nothing to play');
        ({ revision } = (await client.send('sw_quiet', body.revision, toClientCommand(next))).body);
      }
      const { db } = server.app.get(ProjectionRunner);
      await vi.waitFor(
        () => {
          expect(revisionsOf(db, 'sw_quiet')).toEqual({ state: revision, head: revision });
        },
        { timeout: 3 * STATE_WRITE_MS, interval: 50 },
      );
    } finally {
      await server.stop();
    }
  });
});
