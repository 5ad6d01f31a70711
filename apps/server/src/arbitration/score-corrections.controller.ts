import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { PairingsPublished } from '@tablecast/events';
import type { z } from 'zod';
import { Principal } from '../auth/principal.decorator';
import { RequireRoles } from '../auth/roles.decorator';
import {
  PublishPairingsRequestSchema,
  ScoreCorrectionRequestSchema,
  ScoreCorrectionService,
  type ScoreCorrectionAnswer,
} from './score-corrections.service';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody } from '../http/zod-pipe';

/** Score corrections and the facts that close their windows (GD-VAR-003-16, TRN-SWISS-9). */
@ApiTags('arbitration')
@ApiBearerAuth()
@RequireRoles('referee', 'arbiter')
@Controller('api')
export class ScoreCorrectionsController {
  constructor(private readonly corrections: ScoreCorrectionService) {}

  @Post('matches/:matchId/score-corrections')
  @HttpCode(200)
  @ApiZodBody(ScoreCorrectionRequestSchema, {
    description:
      'The levels after the hand as they really were (level index 0 = 2 … 12 = A, 13 = past A); the window depends on the kind (GD-VAR-003-16).',
    examples: {
      recording: {
        summary: 'The scorer credited the wrong pair',
        value: {
          kind: 'recording-error',
          handNumber: 4,
          levelsAfter: { NS: 5, EW: 3 },
          note: '记分员把南北升级记在了东西名下。',
        },
      },
    },
  })
  @ApiOkResponse({ description: 'ResultCorrected written to the match stream; the original stays.' })
  @ApiUnprocessableEntityResponse({
    description: 'GD-VAR-003-16: the window for this kind of error has closed.',
  })
  correct(
    @Param('matchId') matchId: string,
    @ZodBody(ScoreCorrectionRequestSchema) body: z.output<typeof ScoreCorrectionRequestSchema>,
    @Principal() principal: Principal,
  ): Promise<ScoreCorrectionAnswer> {
    return this.corrections.correct(matchId, body, principal);
  }

  @Post('matches/:matchId/players-left')
  @HttpCode(200)
  @ApiOkResponse({
    description: 'PlayersLeftTable recorded (once): recording errors can no longer be corrected.',
  })
  playersLeft(
    @Param('matchId') matchId: string,
    @Principal() principal: Principal,
  ): Promise<{ revision: number }> {
    return this.corrections.playersLeft(matchId, principal);
  }

  @Post('tournaments/:tournamentId/pairings')
  @ApiZodBody(PublishPairingsRequestSchema, {
    description:
      "The round's pairings as published, with the matches of the previous round they follow from.",
    examples: {
      final: {
        summary: 'The final, after the two semi-finals',
        value: {
          round: 3,
          pairings: [{ table: 'final-1', NS: 'jiangsu', EW: 'sichuan' }],
          previousRoundMatches: ['semi_2026_t1', 'semi_2026_t2'],
        },
      },
    },
  })
  @ApiOkResponse({ description: 'PairingsPublished recorded in tournament-<id>.' })
  publishPairings(
    @Param('tournamentId') tournamentId: string,
    @ZodBody(PublishPairingsRequestSchema) body: z.output<typeof PublishPairingsRequestSchema>,
    @Principal() principal: Principal,
  ): Promise<PairingsPublished['data']> {
    return this.corrections.publishPairings(tournamentId, body, principal);
  }
}
