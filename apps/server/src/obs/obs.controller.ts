import {
  BadGatewayException,
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Post,
  Req,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequireRoles } from '../auth/roles.decorator';
import { ObsBridgeService, UnknownObsInstanceError, type ObsInstanceStatus } from './obs-bridge.service';
import { ObsError, ObsRequestError } from './obs.errors';
import { SceneSetupInputError, setupFinalScenes, type SetupReport } from './setup-final-scenes';
import { ApiZodBody } from '../http/api-zod-body';

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
  async setup(@Body() body: unknown, @Req() request: FastifyRequest): Promise<SetupReport> {
    const parsed = setupBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
      throw new BadRequestException(`${field}: ${issue?.message ?? 'must be a JSON object'}`);
    }
    const { matchId, obs, baseUrl } = parsed.data;
    try {
      const conn = this.bridge.instance(obs);
      return await setupFinalScenes(conn, {
        matchId,
        baseUrl: baseUrl ?? `${request.protocol}://${request.headers.host ?? ''}`,
      });
    } catch (error) {
      if (error instanceof SceneSetupInputError) throw new BadRequestException(error.message);
      if (error instanceof UnknownObsInstanceError) throw new NotFoundException(error.message);
      if (error instanceof ObsRequestError) throw new BadGatewayException(error.message);
      if (error instanceof ObsError) throw new ServiceUnavailableException(error.message);
      throw error;
    }
  }
}
