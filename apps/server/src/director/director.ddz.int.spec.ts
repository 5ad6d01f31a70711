import { createInProcessBus, type FeedBus } from '@tablecast/bus';
import { doudizhuModule } from '@tablecast/doudizhu';
import type { OverlayCue } from '@tablecast/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import type { TableFollow } from '../follow/table-follow.service';
import { ObsBridgeService } from '../obs/obs-bridge.service';
import type { OverlayCuesService } from '../producer/overlay-cues.service';
import { DirectorSettingsStore } from './director-settings.store';
import { DirectorService } from './director.service';
import { playDdzReleasedFeed } from './testing/ddz-released-frames';

const feed = playDdzReleasedFeed({ seed: 'director-ddz-bombs', boards: 12, delayMs: 2_000, stepMs: 500 });
const bombs = feed.events.filter((e) => e.type === 'CardsPlayed' && e.data.as.type === 'bomb').length;
/** Every moment the module makes of the log, folded as the engine folds it. */
const moduleMoments = (() => {
  let state = doudizhuModule.initialState();
  let count = 0;
  for (const event of feed.events) {
    const after = doudizhuModule.evolve(state, event);
    count += doudizhuModule.moments(state, event, after).length;
    state = after;
  }
  return count;
})();

/** The director service on the real in-process bus, fed a seeded Dou Dizhu match's broadcast frames. */
describe('DirectorService with a Dou Dizhu match on the feed bus', () => {
  let dir: string;
  let bus: FeedBus;
  let director: DirectorService;
  const cues: { matchId: string; cue: OverlayCue }[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tablecast-director-ddz-'));
    bus = createInProcessBus();
    cues.length = 0;
    const fakeCues = {
      cue: (matchId: string, cue: OverlayCue) => {
        cues.push({ matchId, cue });
        return { delivered: 1 };
      },
    } as unknown as OverlayCuesService;
    const after = (feed.released.at(-1)?.now ?? 0) + 60_000;
    director = new DirectorService(
      bus,
      { now: () => after },
      new DirectorSettingsStore(dir),
      new ObsBridgeService(loadConfig({ TABLECAST_DATA_DIR: dir })),
      fakeCues,
      { programTable: null, matchAt: () => null } as unknown as TableFollow,
    );
    director.onModuleInit();
    await director.onApplicationBootstrap();
  });
  afterEach(async () => {
    await director.onApplicationShutdown();
    await bus.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("takes the module's moments (bomb, rocket, spring, anti-spring…) and cues the bomb card for every bomb", async () => {
    expect(bombs).toBeGreaterThan(0);
    for (const { frame } of feed.released)
      await bus.publish({
        audience: 'broadcast',
        matchId: frame.matchId,
        seq: frame.seq,
        payload: JSON.stringify(frame),
      });
    await vi.waitFor(
      () => {
        expect(director.gameMomentsSeen).toBe(moduleMoments);
      },
      { timeout: 10_000, interval: 5 },
    );
    // Every bomb reaches the bomb rule; frames sent at once fall inside its cooldown after the first.
    const bombDecisions = director
      .status()
      .log.filter((e) => e.ruleId === 'bomb-moment' && e.moment === 'bomb');
    expect(bombDecisions).toHaveLength(bombs);
    expect(bombDecisions.filter((e) => e.outcome === 'acted')).toHaveLength(1);
    expect(cues).toEqual([{ matchId: 'ddz_director-ddz-bombs', cue: { moment: 'bomb' } }]);
  });
});
