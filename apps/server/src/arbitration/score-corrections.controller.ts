import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { PairingsPublished } from '@tablecast/events';
import type { AuthenticatedRequest } from '../auth/auth.guard';
import { RequireRoles } from '../auth/roles.decorator';
import { principalOf } from './principal-of';
import { ScoreCorrectionService, type ScoreCorrectionAnswer } from './score-corrections.service';

/** Score corrections and the facts that close their windows (GD-VAR-003-16, TRN-SWISS-9). */
@ApiTags('arbitration')
@ApiBearerAuth()
@RequireRoles('referee', 'arbiter')
@Controller('api')
export class ScoreCorrectionsController {
  constructor(private readonly corrections: ScoreCorrectionService) {}

  @Post('matches/:matchId/score-corrections')
  @HttpCode(200)
  @ApiBody({ description: '{ kind: recording-error | entry-error, handNumber, levelsAfter, note }' })
  @ApiOkResponse({ description: 'ResultCorrected written to the match stream; the original stays.' })
  @ApiUnprocessableEntityResponse({
    description: 'GD-VAR-003-16: the window for this kind of error has closed.',
  })
  correct(
    @Param('matchId') matchId: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ): Promise<ScoreCorrectionAnswer> {
    return this.corrections.correct(matchId, body, principalOf(request));
  }

  @Post('matches/:matchId/players-left')
  @HttpCode(200)
  @ApiOkResponse({
    description: 'PlayersLeftTable recorded (once): recording errors can no longer be corrected.',
  })
  playersLeft(
    @Param('matchId') matchId: string,
    @Req() request: AuthenticatedRequest,
  ): Promise<{ revision: number }> {
    return this.corrections.playersLeft(matchId, principalOf(request));
  }

  @Post('tournaments/:tournamentId/pairings')
  @ApiBody({ description: '{ round, pairings: [{ table, NS, EW }], previousRoundMatches }' })
  @ApiOkResponse({ description: 'PairingsPublished recorded in tournament-<id>.' })
  publishPairings(
    @Param('tournamentId') tournamentId: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ): Promise<PairingsPublished['data']> {
    return this.corrections.publishPairings(tournamentId, body, principalOf(request));
  }
}
