import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequireRoles } from '../auth/roles.decorator';
import { ObsBridgeService, type ObsInstanceStatus } from './obs-bridge.service';
import { setupFinalScenes, type SetupReport } from './setup-final-scenes';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody } from '../http/zod-pipe';

const setupBody = z
  .object({
    // A string here; the setup names the field if it is not a table id.
    table: z.string({ error: 'must be a table id' }).optional(),
    onAir: z.literal(true, { error: 'must be true (the overlays follow the table on program)' }).optional(),
    obs: z.string().optional(),
    baseUrl: z.string().optional(),
    // A string here; the setup names the field if it is not a game it has a layout for.
    game: z.string({ error: 'must be a game id (guandan, doudizhu, bigtwo)' }).optional(),
    // The Break scene's "other tables" ticker; the setup names the field if it is not an id.
    tournament: z.string({ error: 'must be a tournament id' }).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.table === undefined) === (body.onAir === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['table'],
        message:
          'give either table (the overlays follow that table) or onAir: true (they follow the table on program)',
      });
  });

/** The producer's OBS controls. Passwords stay in the bridge; answers carry names and states only. */
@ApiTags('obs')
@ApiBearerAuth()
@RequireRoles('producer')
@Controller('api/obs')
export class ObsController {
  constructor(private readonly bridge: ObsBridgeService) {}

  @Get()
  @ApiOkResponse({
    description: 'Each configured OBS: name, URL, connection state, scenes, program and preview.',
  })
  list(): ObsInstanceStatus[] {
    return this.bridge.status();
  }

  @Post('setup')
  @HttpCode(200)
  @ApiZodBody(setupBody, {
    description:
      "What the overlays follow: a table (table=, the match now there, then the next) or the table on program (onAir: true, onair=1); the OBS of OBS_INSTANCES (default main), and the address OBS loads the overlays from (default: this request's host).",
    examples: {
      main: { summary: 'The main OBS, for table final-1', value: { table: 'final-1' } },
      onAir: { summary: 'The show: the overlays follow the table on program', value: { onAir: true } },
      doudizhu: {
        summary: 'A Dou Dizhu final: lower thirds for its seats 0, 1 and 2',
        value: { table: 'final-1', game: 'doudizhu' },
      },
      backup: {
        summary: 'The backup OBS, on another PC',
        value: { table: 'final-1', obs: 'backup', baseUrl: 'http://10.0.0.5:3000' },
      },
    },
  })
  @ApiOkResponse({
    description: 'The scene collection is set up; `problem` names the scenes it could not complete.',
  })
  setup(
    @ZodBody(setupBody) { table, obs, baseUrl, game, tournament }: z.output<typeof setupBody>,
    @Req() request: FastifyRequest,
  ): Promise<SetupReport> {
    return setupFinalScenes(this.bridge.instance(obs), {
      follow: table === undefined ? { onAir: true } : { table },
      baseUrl: baseUrl ?? `${request.protocol}://${request.headers.host ?? ''}`,
      game,
      tournament,
    });
  }
}
