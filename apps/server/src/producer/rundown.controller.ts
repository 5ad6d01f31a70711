import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Put,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RequireRoles } from '../auth/roles.decorator';
import { obsHttpError } from '../obs/obs-http-errors';
import { ReplaceRundownBody, type Rundown } from './rundown';
import { RundownConflictError, RundownInputError, RundownItemNotFoundError } from './rundown.errors';
import { RundownService } from './rundown.service';
import { ApiZodBody } from '../http/api-zod-body';

/** The producer's rundown (issue 9): thin shell over RundownService. */
@ApiTags('producer')
@ApiBearerAuth()
@RequireRoles('producer')
@Controller('api/producer/rundown')
export class RundownController {
  constructor(private readonly rundown: RundownService) {}

  @Get()
  @ApiOkResponse({ description: '{ revision, obs, items: [{ id, label, scene, notes }], cuedId, liveId }' })
  get(): Rundown {
    return this.rundown.get();
  }

  @Put()
  @ApiZodBody(ReplaceRundownBody, {
    description:
      'Replaces the list; 409 on a stale revision or when the live item is removed or its scene or label changed.',
    examples: {
      final: {
        summary: 'The final, in order',
        value: {
          revision: 3,
          obs: 'main',
          items: [
            { id: 'open', label: '开场', scene: 'Break', notes: '主持人开场白' },
            { id: 'table', label: '牌桌', scene: 'Table', notes: '延时就绪后切入' },
            { label: '积分榜', scene: 'Standings' },
          ],
        },
      },
    },
  })
  replace(@Body() body: unknown): Promise<Rundown> {
    return this.http(() => this.rundown.replace(body));
  }

  @Post('take')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The cued item is on program and live; 409 when nothing is cued.' })
  take(): Promise<Rundown> {
    return this.http(() => this.rundown.take());
  }

  @Post(':id/cue')
  @HttpCode(200)
  @ApiOkResponse({ description: "The item's scene is in OBS preview and the item is cued." })
  cue(@Param('id') id: string): Promise<Rundown> {
    return this.http(() => this.rundown.cue(id));
  }

  private async http(work: () => Promise<Rundown>): Promise<Rundown> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RundownConflictError)
        throw new ConflictException({
          statusCode: 409,
          error: 'Conflict',
          message: error.message,
          currentRevision: error.currentRevision,
        });
      if (error instanceof RundownItemNotFoundError) throw new NotFoundException(error.message);
      if (error instanceof RundownInputError) throw new BadRequestException(error.message);
      throw obsHttpError(error);
    }
  }
}
