import { Controller, Get, Param, ParseIntPipe, Query, DefaultValuePipe } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RequireRoles } from '../auth/roles.decorator';
import { MatchNotFoundError } from '../matches/match.errors';
import type { MatchReadModel, TimelineEntry } from './match-projection';
import { ProjectionRunner } from './projection-runner.service';
import type { Scoreboard } from './scoreboard';

/**
 * Staff reads from the projections. Every hand is visible here, so every route needs a staff
 * token; the public sees matches only through the broadcast feeds' redaction.
 */
@ApiTags('read models')
@ApiBearerAuth()
@RequireRoles('operator', 'referee', 'arbiter', 'producer')
@Controller('api/matches')
export class ReadModelsController {
  constructor(private readonly projections: ProjectionRunner) {}

  @Get()
  @ApiOkResponse({ description: 'Every match the projections know, with its table and revision.' })
  list(): { matchId: string; table: string; revision: number }[] {
    return this.projections.matches.listMatches();
  }

  @Get(':matchId/state')
  @ApiQuery({
    name: 'minRevision',
    required: false,
    description: 'Wait (up to 5 s) until the model has this revision.',
  })
  @ApiOkResponse({
    description: 'The live match state: every hand, whose turn, the trick, reports, tribute, places.',
  })
  async state(
    @Param('matchId') matchId: string,
    @Query('minRevision', new DefaultValuePipe(-1), ParseIntPipe) minRevision: number,
  ): Promise<MatchReadModel> {
    return this.readAtLeast(matchId, minRevision);
  }

  @Get(':matchId/scoreboard')
  @ApiOkResponse({ description: 'Levels, each deal with its level change, and the match result.' })
  async scoreboard(
    @Param('matchId') matchId: string,
    @Query('minRevision', new DefaultValuePipe(-1), ParseIntPipe) minRevision: number,
  ): Promise<Scoreboard> {
    return (await this.readAtLeast(matchId, minRevision)).scoreboard;
  }

  @Get(':matchId/timeline')
  @ApiQuery({ name: 'from', required: false, description: 'First stream revision to return (default 0).' })
  @ApiOkResponse({
    description: 'Every event of the match in order, with time and actor (arbitration replay).',
  })
  timeline(
    @Param('matchId') matchId: string,
    @Query('from', new DefaultValuePipe(0), ParseIntPipe) from: number,
  ): TimelineEntry[] {
    if (!this.projections.matches.read(matchId)) throw new MatchNotFoundError(matchId);
    return this.projections.matches.readTimeline(matchId, from);
  }

  private async readAtLeast(matchId: string, minRevision: number): Promise<MatchReadModel> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const model = this.projections.matches.read(matchId);
      if (model && model.revision >= minRevision) return model;
      if (minRevision < 0 || Date.now() > deadline) {
        if (!model) throw new MatchNotFoundError(matchId);
        return model;
      }
      await this.projections.nextFlush();
    }
  }
}
