import { Controller, Get, Param, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Principal } from '../auth/principal.decorator';
import { RequireRoles } from '../auth/roles.decorator';
import { AppealService, type AppealRecord } from './appeal.service';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody } from '../http/zod-pipe';
import { FileAppealRequestSchema, type FileAppealRequest } from './appeal-requests';

/** Appeals (GD-APL-1): filed by the referee or the table's operator for a captain; read by the committee. */
@ApiTags('arbitration')
@ApiBearerAuth()
@Controller('api')
export class AppealsController {
  constructor(private readonly appeals: AppealService) {}

  @Post('matches/:matchId/appeals')
  @RequireRoles('referee', 'operator')
  @ApiZodBody(FileAppealRequestSchema, {
    description:
      'Keyed by the referee (or the table operator) for the captain: the hand, the disputed revisions of the match stream, the statement, the appellant and the fee paid (GD-APL-1).',
    examples: {
      outOfTurn: {
        summary: 'South-North appeal an unpunished play out of turn',
        value: {
          handNumber: 3,
          disputedRevisions: [41],
          statement: '东家在南家出牌前抢先出牌，裁判未予处罚，请求仲裁。',
          language: 'zh-CN',
          appellant: { team: 'NS', captain: '张伟' },
          fee: { amount: 500 },
        },
      },
    },
  })
  @ApiCreatedResponse({ description: 'The appeal stream appeal-<appealId> was written.' })
  @ApiConflictResponse({ description: 'An appeal with this id exists.' })
  @ApiUnprocessableEntityResponse({ description: 'GD-APL-1: the 30-minute appeal window has closed.' })
  file(
    @Param('matchId') matchId: string,
    @ZodBody(FileAppealRequestSchema) body: FileAppealRequest,
    @Principal() principal: Principal,
  ): Promise<AppealRecord> {
    return this.appeals.file(matchId, body, principal);
  }

  @Get('matches/:matchId/appeals')
  @RequireRoles('referee', 'arbiter')
  @ApiOkResponse({ description: 'Every appeal of the match with its ruling, if any.' })
  list(@Param('matchId') matchId: string): Promise<AppealRecord[]> {
    return this.appeals.list(matchId);
  }

  @Get('appeals/:appealId')
  @RequireRoles('referee', 'arbiter')
  @ApiOkResponse({ description: 'One appeal with its ruling, if any.' })
  get(@Param('appealId') appealId: string): Promise<AppealRecord> {
    return this.appeals.get(appealId);
  }
}
