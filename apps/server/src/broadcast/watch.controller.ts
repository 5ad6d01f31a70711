import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ReleasedDealResponse, WatchListing } from '@tablecast/protocol';
import { z } from 'zod';
import { NotFoundError } from '../errors';
import { openApiSchemaOf } from '../http/api-zod-body';
import { ZodParam } from '../http/zod-pipe';
import { MatchNotFoundError } from '../matches/match.errors';
import { FEED_READS } from './broadcast.tokens';
import type { FeedReads } from './feed-reads';

/** A deal number in a path: 1 to 999999, digits only. */
const handInPath = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, {
    error: (issue) => `a deal number from 1 is expected, got "${String(issue.input)}"`,
  })
  .transform(Number);

/**
 * The spectator site's public reads: no token. Everything here comes from what the broadcast
 * feed has already released, in the form its frames carried it — the same facts any spectator on
 * the websocket has seen — so nothing still inside the delay, and no token, ever leaves here.
 */
@ApiTags('spectator site')
@Controller('api/watch')
export class WatchController {
  constructor(@Inject(FEED_READS) private readonly feeds: FeedReads) {}

  @Get('matches')
  @ApiOkResponse({
    description: 'Every match with a feed, as its broadcast feed shows it now (live or past).',
  })
  matches(): Promise<WatchListing[]> {
    return this.feeds.watchListings();
  }

  @Get('matches/:matchId/deals/:hand')
  @ApiOkResponse({
    description:
      "A finished deal's events as the broadcast feed released them (tributes, plays, who went out, the deck's commitment and reveal).",
  })
  @ApiNotFoundResponse({
    description: 'No such match, or that deal has not ended on the broadcast feed yet.',
  })
  @ApiParam({ name: 'hand', description: 'The deal number, from 1.', schema: openApiSchemaOf(handInPath) })
  async deal(
    @Param('matchId') matchId: string,
    @ZodParam('hand', handInPath) handNumber: number,
  ): Promise<ReleasedDealResponse> {
    const deal = await this.feeds.releasedDeal(matchId, handNumber);
    if (deal === undefined) throw new MatchNotFoundError(matchId);
    const { events } = deal;
    if (events === null)
      throw new NotFoundError(
        `match ${matchId} has no deal ${String(handNumber)} finished on the broadcast feed (yet)`,
      );
    return { matchId, handNumber, events };
  }
}
