import { Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiHeader,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { PairingsPublished } from '@tablecast/events';
import { IdempotencyKeySchema } from '@tablecast/protocol';
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
import { parseInput } from '../http/parse-body';
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
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Unique per intended correction of the match (8-128 of A-Z a-z 0-9 _ . : -): a resend of the same body with it gets the first answer and writes nothing; with another body, 409 IdempotencyKeyReused. Without it, every request is a correction of its own.',
  })
  @ApiOkResponse({ description: 'ResultCorrected written to the match stream; the original stays.' })
  @ApiConflictResponse({
    description: 'The revision sent is stale, or the key was used for another body.',
  })
  @ApiUnprocessableEntityResponse({
    description: 'GD-VAR-003-16: the window for this kind of error has closed.',
  })
  correct(
    @Param('matchId') matchId: string,
    @ZodBody(ScoreCorrectionRequestSchema) body: z.output<typeof ScoreCorrectionRequestSchema>,
    @Principal() principal: Principal,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<ScoreCorrectionAnswer> {
    const key =
      idempotencyKey === undefined
        ? undefined
        : parseInput(IdempotencyKeySchema, idempotencyKey, 'Idempotency-Key');
    return this.corrections.correct(matchId, body, principal, key);
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
