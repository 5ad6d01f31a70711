import { Controller, Get, Inject, Optional, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { resolveAudience, type DisclosureEntry } from '@tablecast/broadcast';
import { RequireRoles } from '../auth/roles.decorator';
import { MatchNotFoundError } from '../matches/match.errors';
import { BroadcastDelayService } from './broadcast-delay.service';
import { FEED_READS } from './broadcast.tokens';
import { FeedProducer } from './feed-producer.service';
import type { FeedReads } from './feed-reads';

export interface DisclosuresResponse {
  readonly matchId: string;
  readonly broadcastDelayMs: number;
  readonly entries: readonly DisclosureEntry[];
}

/**
 * The disclosure ledger, for the arbitration committee: per audience, every frame released, the
 * event and log position it carried and when it went out. Read from disk: it survives restarts.
 */
@ApiTags('broadcast')
@ApiBearerAuth()
@RequireRoles('referee', 'arbiter', 'producer')
@Controller('api/matches')
export class DisclosuresController {
  constructor(
    private readonly producer: FeedProducer,
    @Inject(FEED_READS) private readonly feeds: FeedReads,
    // Absent in the feeds role, which has the feeds themselves.
    @Optional() private readonly delays?: BroadcastDelayService,
  ) {}

  @Get(':matchId/disclosures')
  @ApiQuery({ name: 'audience', required: false, description: 'staff, venue, broadcast or commentary.' })
  @ApiOkResponse({ description: 'What each audience was shown of the match, and when (positions, times).' })
  async disclosures(
    @Param('matchId') matchId: string,
    @Query('audience') audience?: string,
  ): Promise<DisclosuresResponse> {
    const entries = this.producer.disclosuresOf(
      matchId,
      audience === undefined ? undefined : resolveAudience(audience),
    );
    const feed = await this.feeds.feedFacts(matchId);
    if (!feed.hasFeed && this.delays !== undefined) {
      // No feed here (an api process: the feeds role publishes): the log says whether the match
      // exists and which delay is in force, so every process answers alike (TC-SCALE-2).
      const { delayMs } = await this.delays.get(matchId);
      return { matchId, broadcastDelayMs: delayMs, entries };
    }
    if (entries.length === 0 && !feed.hasFeed) throw new MatchNotFoundError(matchId);
    return { matchId, broadcastDelayMs: feed.delayMs, entries };
  }
}
