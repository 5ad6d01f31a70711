import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequireRoles } from '../auth/roles.decorator';
import { ObsBridgeService, type ObsInstanceStatus } from './obs-bridge.service';
import { setupFinalScenes, type SetupReport } from './setup-final-scenes';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody } from '../http/zod-pipe';

const setupBody = z.object({
  matchId: z.string({ error: 'matchId is required' }),
  obs: z.string().optional(),
  baseUrl: z.string().optional(),
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
      "The match the overlays follow, the OBS of OBS_INSTANCES (default main), and the address OBS loads the overlays from (default: this request's host).",
    examples: {
      main: { summary: 'The main OBS', value: { matchId: 'final_2026_t1' } },
      backup: {
        summary: 'The backup OBS, on another PC',
        value: { matchId: 'final_2026_t1', obs: 'backup', baseUrl: 'http://10.0.0.5:3000' },
      },
    },
  })
  @ApiOkResponse({
    description: 'The scene collection is set up; `problem` names the scenes it could not complete.',
  })
  setup(
    @ZodBody(setupBody) { matchId, obs, baseUrl }: z.output<typeof setupBody>,
    @Req() request: FastifyRequest,
  ): Promise<SetupReport> {
    return setupFinalScenes(this.bridge.instance(obs), {
      matchId,
      baseUrl: baseUrl ?? `${request.protocol}://${request.headers.host ?? ''}`,
    });
  }
}
