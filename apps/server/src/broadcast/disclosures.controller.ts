import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { resolveAudience, type DisclosureEntry } from '@tablecast/broadcast';
import { RequireRoles } from '../auth/roles.decorator';
import { MatchNotFoundError } from '../matches/match.errors';
import { FeedProducer } from './feed-producer.service';

export interface DisclosuresResponse {
  readonly matchId: string;
  readonly broadcastDelayMs: number;
  readonly entries: readonly DisclosureEntry[];
}

/**
 * The disclosure ledger, for the arbitration committee: per audience, every frame released, the
 * event and log position it carried and when it went out.
 */
@ApiTags('broadcast')
@ApiBearerAuth()
@RequireRoles('referee', 'arbiter', 'producer')
@Controller('api/matches')
export class DisclosuresController {
  constructor(private readonly producer: FeedProducer) {}

  @Get(':matchId/disclosures')
  @ApiQuery({ name: 'audience', required: false, description: 'staff, venue, broadcast or commentary.' })
  @ApiOkResponse({ description: 'What each audience was shown of the match, and when (positions, times).' })
  disclosures(@Param('matchId') matchId: string, @Query('audience') audience?: string): DisclosuresResponse {
    const feed = this.producer.feed(matchId);
    if (feed === undefined) throw new MatchNotFoundError(matchId);
    return {
      matchId,
      broadcastDelayMs: feed.delayMs,
      entries: feed.ledger.list(audience === undefined ? undefined : resolveAudience(audience)),
    };
  }
}
