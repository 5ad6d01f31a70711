import { Controller, Get } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ZodParam } from '../http/zod-pipe';
import { BoardSetIdSchema, TournamentIdSchema } from './tournament-requests';
import { RoundSeedRelease, type ReleasedBoardSeed } from './round-seed-release';

/**
 * A round's board set's seed, for anyone to audit the boards (TRN-MP-1): public once every table of
 * the set has its result recorded, and never before, to anyone (a 404), since the seed gives away
 * every hand of the set.
 */
@ApiTags('public')
@Controller('api/events')
export class BoardSeedsController {
  constructor(private readonly release: RoundSeedRelease) {}

  @Get(':tournamentId/board-sets/:set/seed')
  @ApiOkResponse({
    description:
      'The set’s seed, its commitment (sha256 of the seed) and every board’s commitment as recorded ' +
      'before play: each board’s deal seed and salt are HMAC-SHA256(seed, "seed:<n>" / "salt:<n>"). Public.',
  })
  @ApiNotFoundResponse({
    description: 'No such tournament or set, or a table of the set has not recorded its result yet.',
  })
  seed(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodParam('set', BoardSetIdSchema) set: string,
  ): Promise<ReleasedBoardSeed> {
    return this.release.released(tournamentId, set);
  }
}
