import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { serverVersion } from '../version';
import { ReadinessService, type ReadinessCheck } from './readiness.service';

@ApiTags('operations')
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get('healthz')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The process is alive.' })
  health(): { status: 'ok'; version: string } {
    return { status: 'ok', version: serverVersion() };
  }

  @Get('readyz')
  @ApiOkResponse({ description: 'Every readiness check passes.' })
  @ApiServiceUnavailableResponse({ description: 'A readiness check fails; the body names it.' })
  ready(@Res({ passthrough: true }) response: FastifyReply): { ready: boolean; checks: ReadinessCheck[] } {
    const result = this.readiness.evaluate();
    void response.code(result.ready ? 200 : 503);
    return result;
  }
}
