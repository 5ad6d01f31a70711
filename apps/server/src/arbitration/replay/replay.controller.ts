import { Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RequireRoles } from '../../auth/roles.decorator';
import { z } from 'zod';
import { SandboxRequestSchema, ReplayService, type SandboxAnswer } from './replay.service';
import type { ReplayView } from './replay-view';
import { ApiZodBody } from '../../http/api-zod-body';
import { ZodBody, ZodQuery } from '../../http/zod-pipe';

/** A stream revision in the query; absent or empty: the last. */
const position = z
  .string()
  .regex(/^\d*$/, { error: 'expected a stream revision (0, 1, 2, …)' })
  .transform((text) => (text === '' ? undefined : Number(text)))
  .optional();

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
  async view(
    @Param('matchId') matchId: string,
    @ZodQuery(position, 'position') at: number | undefined,
  ): Promise<ReplayView> {
    const view = await this.replay.view(matchId, at);
    return { ...view, timeZone: this.config.TABLECAST_TIME_ZONE };
  }

  @Post(':matchId/replay/sandbox')
  @HttpCode(200)
  @ApiZodBody(SandboxRequestSchema, {
    description: 'The event to substitute at that position of the match stream; the log is not touched.',
    examples: {
      pass: {
        summary: 'What if South had passed at position 57',
        value: { position: 57, event: { type: 'Passed', data: { seat: 'S' } } },
      },
    },
  })
  @ApiOkResponse({
    description: 'The match re-decided with the substitution, in memory; the log is untouched.',
  })
  sandbox(
    @Param('matchId') matchId: string,
    @ZodBody(SandboxRequestSchema) body: z.output<typeof SandboxRequestSchema>,
  ): Promise<SandboxAnswer> {
    return this.replay.sandbox(matchId, body);
  }
}
