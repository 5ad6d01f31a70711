import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RequireRoles } from '../auth/roles.decorator';
import { ReplaceRundownBody, type ReplaceRundownInput, type Rundown } from './rundown';
import { RundownService } from './rundown.service';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody } from '../http/zod-pipe';

/** The producer's rundown: thin shell over RundownService (its errors and OBS's answer by their kind). */
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
  replace(@ZodBody(ReplaceRundownBody) body: ReplaceRundownInput): Promise<Rundown> {
    return this.rundown.replace(body);
  }

  @Post('take')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The cued item is on program and live; 409 when nothing is cued.' })
  take(): Promise<Rundown> {
    return this.rundown.take();
  }

  @Post(':id/cue')
  @HttpCode(200)
  @ApiOkResponse({ description: "The item's scene is in OBS preview and the item is cued." })
  cue(@Param('id') id: string): Promise<Rundown> {
    return this.rundown.cue(id);
  }
}
