import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { FeedProducer } from '../broadcast/feed-producer.service';
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
    private readonly feeds: FeedProducer,
  ) {}

  @Get()
  @ApiOkResponse({
    description:
      "Each table's latest match, of any game: id, game, status (live|ended), names, levels (Guandan's; null for another game), deal number (another game's: the boards done), and the broadcast delay (delayMs, delayBuilding). Public.",
  })
  async list(): Promise<{ tables: TableSummary[] }> {
    const tables: TableSummary[] = [];
    for (const model of latestPerTable(this.projections.matches)) {
      // A table's latest match may have ended before the last boot: its feed is built when read.
      const feed = await this.feeds.loadFeed(model.matchId);
      tables.push(
        summarizeTable({
          model,
          names: this.projections.matches.readNames(model.matchId),
          delayMs: this.feeds.delayOf(model.matchId),
          broadcastState: feed?.delayedFeedStatus?.state ?? null,
        }),
      );
    }
    return { tables };
  }
}
