import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RequireRoles } from '../../auth/roles.decorator';
import { RequestValidationError } from '../../matches/match.errors';
import { ReplayService, type SandboxAnswer } from './replay.service';
import type { ReplayView } from './replay-view';

/** The committee's event-by-event replay of a match (every hand visible: arbiters only). */
@ApiTags('arbitration')
@ApiBearerAuth()
@RequireRoles('arbiter')
@Controller('api/matches')
export class ReplayController {
  constructor(
    private readonly replay: ReplayService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':matchId/replay')
  @ApiQuery({ name: 'position', required: false, description: 'Stream revision (default: the last).' })
  @ApiOkResponse({
    description:
      'At that position: all four hands, trick, levels, whose turn, the event with time and actor, penalties, what each audience had been shown.',
  })
  async view(@Param('matchId') matchId: string, @Query('position') position?: string): Promise<ReplayView> {
    const view = await this.replay.view(matchId, parsePosition(position));
    return { ...view, timeZone: this.config.TABLECAST_TIME_ZONE };
  }

  @Post(':matchId/replay/sandbox')
  @HttpCode(200)
  @ApiBody({ description: '{ position, event: { type, data } }: the event to substitute at that position.' })
  @ApiOkResponse({
    description: 'The match re-decided with the substitution, in memory; the log is untouched.',
  })
  sandbox(@Param('matchId') matchId: string, @Body() body: unknown): Promise<SandboxAnswer> {
    return this.replay.sandbox(matchId, body);
  }
}

function parsePosition(position: string | undefined): number | undefined {
  if (position === undefined || position === '') return undefined;
  if (!/^\d+$/.test(position)) {
    throw new RequestValidationError([
      { path: 'position', message: 'expected a stream revision (0, 1, 2, …)' },
    ]);
  }
  return Number(position);
}
