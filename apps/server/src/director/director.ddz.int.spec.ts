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
const rockets = feed.events.filter((e) => e.type === 'CardsPlayed' && e.data.as.type === 'rocket').length;
/**
 * Random bots rarely spring (DDZ-END-2/3): the first board's end is released as a spring and the
 * second's as an anti-spring, each one moment more than the log makes.
 */
const boardEnds = feed.released.filter((r) => r.frame.event?.type === 'BoardEnded');
const marked = new Map(
  [
    [boardEnds[0]?.frame.seq, 'spring'],
    [boardEnds[1]?.frame.seq, 'antiSpring'],
  ].flatMap(([seq, kind]) => (seq === undefined ? [] : [[seq, kind] as const])),
);
const frames = feed.released.map(({ frame }) => {
  const kind = marked.get(frame.seq);
  if (kind === undefined || frame.event === null) return frame;
  const data = { ...(frame.event.data as object), [kind]: true };
  return { ...frame, event: { ...frame.event, data } };
});
/** Every moment the module makes of the log, folded as the engine folds it. */
const moduleMoments = (() => {
  let state = doudizhuModule.initialState();
  let count = 0;
  for (const event of feed.events) {
    const after = doudizhuModule.evolve(state, event);
    count += doudizhuModule.moments(state, event, after).length;
    state = after;
  }
  return count + marked.size;
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

  it("takes the module's moments (bomb, rocket, spring, anti-spring…) and cues each one's card", async () => {
    expect(bombs).toBeGreaterThan(0);
    expect(rockets).toBeGreaterThan(0);
    expect(marked.size).toBe(2);
    for (const frame of frames)
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
    // The rocket, the spring and the anti-spring each reach their own rule, which cues its card.
    for (const [moment, times] of [
      ['rocket', rockets],
      ['spring', 1],
      ['antiSpring', 1],
    ] as const) {
      const decisions = director.status().log.filter((e) => e.moment === moment);
      expect(decisions, moment).toHaveLength(times);
      expect(
        decisions.filter((e) => e.outcome === 'acted'),
        moment,
      ).toHaveLength(1);
    }
    expect(cues.every((c) => c.matchId === 'ddz_director-ddz-bombs')).toBe(true);
    expect(cues.map((c) => c.cue)).toHaveLength(4);
    expect(cues.map((c) => c.cue)).toEqual(
      expect.arrayContaining([
        { moment: 'bomb' },
        { moment: 'rocket' },
        { moment: 'spring' },
        { moment: 'antiSpring' },
      ]),
    );
  });
});
