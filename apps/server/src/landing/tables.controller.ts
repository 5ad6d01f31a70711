import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { FEED_READS } from '../broadcast/broadcast.tokens';
import type { FeedReads } from '../broadcast/feed-reads';
import { ProjectionRunner } from '../projections/projection-runner.service';
import { latestPerTable, summarizeTable, type TableSummary } from './table-summary';

/**
 * The tables for the landing page at `/`. Public, like the venue feed any spectator may
 * subscribe to: each table's latest match with the facts that feed gives live, and whether the
 * delayed broadcast is building. No hand, no token, nothing a staff route guards.
 */
@ApiTags('public')
@Controller('api/tables')
export class TablesController {
  constructor(
    private readonly projections: ProjectionRunner,
    @Inject(FEED_READS) private readonly feeds: FeedReads,
  ) {}

  @Get()
  @ApiOkResponse({
    description:
      "Each table's latest match, of any game: id, game, status (live|ended), names, levels (Guandan's; null for another game), deal number (another game's: the boards done), and the broadcast delay (delayMs, delayBuilding). Public.",
  })
  async list(): Promise<{ tables: TableSummary[] }> {
    const models = latestPerTable(this.projections.matches);
    const feeds = await this.feeds.tableFeeds(models.map((model) => model.matchId));
    const tables = models.map((model, i) => {
      const feed = feeds[i];
      if (feed === undefined)
        throw new Error(`the feeds answered ${String(feeds.length)} tables of ${String(models.length)}`);
      const { delayMs, broadcastState } = feed;
      return summarizeTable({
        model,
        names: this.projections.matches.readNames(model.matchId),
        delayMs,
        broadcastState,
      });
    });
    return { tables };
  }
}
