import { createInProcessBus, type FeedBus } from '@tablecast/bus';
import type { FeedFrame, OverlayCue } from '@tablecast/protocol';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import type { TableFollow } from '../follow/table-follow.service';
import { ObsBridgeService } from '../obs/obs-bridge.service';
import type { OverlayCuesService } from '../producer/overlay-cues.service';
import { DirectorSettingsStore } from './director-settings.store';
import { DirectorService } from './director.service';

const recorded = JSON.parse(
  readFileSync(join(__dirname, '../../../../overlays/src/lib/feed/fixtures/recorded-feed.json'), 'utf8'),
) as { scenes: Record<string, { broadcast: FeedFrame; venue: FeedFrame }> };
const broadcastScene = (name: string): FeedFrame => {
  const frame = recorded.scenes[name]?.broadcast;
  if (frame === undefined) throw new Error(`no recorded scene ${name}`);
  return frame;
};
const bomb = broadcastScene('bomb');
const handEnd = broadcastScene('handEnd');

/** The service over the real in-process bus, no OBS configured, cues recorded, a pinned clock. */
describe('DirectorService on the in-process feed bus', () => {
  let dir: string;
  let bus: FeedBus;
  let director: DirectorService;
  const cues: { matchId: string; cue: OverlayCue }[] = [];
  const publish = (frame: FeedFrame | string, audience: 'broadcast' | 'staff' = 'broadcast', seq = 1) =>
    bus.publish({
      audience,
      matchId: 'fx_final',
      seq,
      payload: typeof frame === 'string' ? frame : JSON.stringify({ ...frame, audience }),
    });
  /** Until the director has logged `entries` decisions (it acts after the bus handler returns). */
  const logged = (entries: number) =>
    vi.waitFor(
      () => {
        expect(director.status().log.length).toBeGreaterThanOrEqual(entries);
      },
      { timeout: 10_000, interval: 5 },
    );

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tablecast-director-svc-'));
    bus = createInProcessBus();
    cues.length = 0;
    const fakeCues = {
      cue: (matchId: string, cue: OverlayCue) => {
        cues.push({ matchId, cue });
        return { delivered: 1 };
      },
    } as unknown as OverlayCuesService;
    const later = Date.parse(handEnd.event?.recordedAt ?? '') + 60_000;
    director = new DirectorService(
      bus,
      { now: () => later },
      new DirectorSettingsStore(dir),
      new ObsBridgeService(loadConfig({ TABLECAST_DATA_DIR: dir })),
      fakeCues,
      // No OBS here, so no scene collection whose table it would look up.
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

  it('acts on broadcast frames only, and a frame it cannot read breaks nothing', async () => {
    await publish('{ not json', 'broadcast', 1);
    await publish(bomb, 'staff', 1);
    await publish(bomb, 'broadcast', 2);
    // The bus hands each subscriber its frames in order: once the last one is logged, the two
    // before it have been handled (or never reached it).
    await logged(1);
    expect(cues).toEqual([{ matchId: 'fx_final', cue: { moment: 'bomb' } }]);
    expect(director.status().log).toEqual([
      expect.objectContaining({ ruleId: 'bomb-moment', outcome: 'acted', moment: 'bomb' }),
    ]);
  });

  it('leaves a scene switch idle with no OBS configured: not run, not logged as failing each deal', async () => {
    await publish(handEnd, 'broadcast', 1);
    await publish(bomb, 'broadcast', 2);
    // In order: once the bomb's cue is logged, the hand end before it has been handled.
    await logged(1);
    expect(director.status().log).toEqual([
      expect.objectContaining({ ruleId: 'bomb-moment', outcome: 'acted', moment: 'bomb' }),
    ]);
  });
});
