import { Inject, Injectable } from '@nestjs/common';
import type { DelayClockView, ObsStats, ProducerState } from '@tablecast/protocol';
import { FEED_READS } from '../broadcast/broadcast.tokens';
import type { FeedReads } from '../broadcast/feed-reads';
import { DirectorService } from '../director/director.service';
import { TableFollow } from '../follow/table-follow.service';
import { ObsBridgeService } from '../obs/obs-bridge.service';
import { TurnClockService } from '../turn-clock/turn-clock.service';
import { delayClockOf } from './delay-clock';
import { FeedWatch } from './feed-watch.service';
import { MatchSeats } from './match-seats';
import { OverlayPagesRegistry } from './overlay-pages.registry';
import { RundownService } from './rundown.service';

/** How long the aggregate waits for one OBS's stats: the dashboard polls every second. */
const STATS_WAIT_MS = 500;

/** Everything the producer dashboard shows, in one answer. */
@Injectable()
export class ProducerStateService {
  constructor(
    private readonly bridge: ObsBridgeService,
    private readonly rundown: RundownService,
    private readonly pages: OverlayPagesRegistry,
    private readonly feeds: FeedWatch,
    @Inject(FEED_READS) private readonly feedReads: FeedReads,
    private readonly director: DirectorService,
    private readonly follow: TableFollow,
    private readonly seats: MatchSeats,
    private readonly turnClock: TurnClockService,
  ) {}

  async state(matchId: string | undefined): Promise<ProducerState> {
    const obs = await Promise.all(
      this.bridge.status().map(async (instance) => ({
        name: instance.name,
        url: instance.url,
        state: instance.state,
        sceneState: instance.scenes,
        stats: instance.state === 'connected' ? await this.statsOf(instance.name) : null,
        mirror: instance.mirror,
      })),
    );
    return {
      serverNow: new Date().toISOString(),
      obs,
      rundown: this.rundown.get(),
      pages: this.pages.list(),
      delay: matchId === undefined ? null : this.delayOf(matchId),
      director: this.director.status(),
      programTable: this.programTable(),
      matchGame: matchId === undefined ? null : ((await this.seats.of(matchId))?.game ?? null),
      // A process keeping no clocks (a standby's) does not know: null, not an empty list.
      turnClock: this.turnClock.keepsClocks ? { refused: this.turnClock.refusedDefaults() } : null,
    };
  }

  private programTable(): ProducerState['programTable'] {
    const table = this.follow.programTable;
    return { table, matchId: table === null ? null : this.follow.matchAt(table) };
  }

  private delayOf(matchId: string): DelayClockView {
    const { frame, releasedUpTo } = this.feeds.latestBroadcast(matchId);
    return delayClockOf(matchId, frame, this.feedReads.delayOf(matchId), releasedUpTo);
  }

  private async statsOf(name: string): Promise<ObsStats | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        resolve(null);
      }, STATS_WAIT_MS);
    });
    try {
      return await Promise.race([this.bridge.instance(name).getStats(), late]);
    } catch {
      // Down or refusing: the dashboard shows the state; stats are only a nice-to-have.
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}
