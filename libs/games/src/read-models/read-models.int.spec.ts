import { playRandomBoards, type DoudizhuState } from '@tablecast/doudizhu';
import { openTablecastEventStore } from '@tablecast/event-store';
import { matchStream, storedEventType } from '@tablecast/events';
import { MatchProjection, ProjectionDb, rebuildProjections } from '@tablecast/projections';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { matchLogCatalog } from '../match-log-catalog';
import { readModelGame } from './index';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A Dou Dizhu match of two boards, stored as the command path stores it (the platform's
 * MatchCreated, then the game's events under their qualified names) in a real SQLite log.
 */
async function storedDdzMatch(dataDir: string): Promise<DoudizhuState> {
  const played = playRandomBoards({ seed: 'ddz-read-model', boards: 2, timeoutPerMille: 0 });
  if (!played.ok) throw new Error(played.violation.message);
  const store = openTablecastEventStore({ dataDir }, matchLogCatalog);
  try {
    const metadata = {
      correlationId: 'c-1',
      causationId: null,
      actor: { id: 'op', role: 'operator' },
    } as const;
    const events = played.events.map((event) => ({
      type: storedEventType('doudizhu', event.type),
      data: event.data,
      metadata,
    })) as unknown as Parameters<typeof store.append>[1];
    await store.append(matchStream('ddz_m1'), events, 'no_stream');
  } finally {
    await store.close();
  }
  return played.state;
}

describe('the match read model of a Dou Dizhu match (real SQLite log and projection file)', () => {
  it('folds through the Dou Dizhu module: its state, its result, no Guandan board; a rebuild agrees', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ddz-read-model-'));
    dirs.push(dataDir);
    const final = await storedDdzMatch(dataDir);
    const store = openTablecastEventStore({ dataDir }, matchLogCatalog);
    const db = new ProjectionDb(join(dataDir, 'projections'));
    try {
      const live = new MatchProjection(db, readModelGame);
      const log = await store.readStream(matchStream('ddz_m1'));
      for (const event of log) live.apply(event);
      live.flush();
      const model = live.read('ddz_m1');
      expect(model).toMatchObject({ game: 'doudizhu', table: 'sim', revision: log.length - 1 });
      expect(model?.scoreboard).toBeNull();
      expect(model?.state).toEqual(final);
      expect((model?.state as DoudizhuState).status).toBe('ended');
      // The status and summary come from the module: the match's result, one side per seat.
      const result = live.resultOf('ddz_m1');
      expect(result?.sides).toHaveLength(3);
      expect(live.listMatches()).toEqual([{ matchId: 'ddz_m1', table: 'sim', revision: log.length - 1 }]);

      await rebuildProjections(store, db, readModelGame);
      const rebuilt = new MatchProjection(db, readModelGame).read('ddz_m1');
      expect(rebuilt).toEqual(model);
    } finally {
      db.close();
      await store.close();
    }
  });

  it('a game the registry does not know gets no read model', () => {
    expect(readModelGame('mahjong')).toBeUndefined();
    expect(readModelGame('doudizhu')?.module.id).toBe('doudizhu');
    expect(readModelGame('guandan')?.module.id).toBe('guandan');
  });
});
