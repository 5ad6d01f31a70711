import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { RequireRoles } from '../auth/roles.decorator';
import type { ObsStats } from '@tablecast/obs';
import { ObsControlService, SCREENSHOT_WIDTH } from './obs-control.service';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody, ZodQuery } from '../http/zod-pipe';

const sceneName = z.string({ error: 'must be a scene name' }).min(1, 'must be a scene name').max(256);
const sceneBody = z.object({ scene: sceneName });
const takeBody = z.object({ transition: z.string().min(1).max(256).optional() }).optional();
const studioModeBody = z.object({ enabled: z.boolean({ error: 'must be true or false' }) });
const screenshotQuery = z.object({
  source: sceneName.optional(),
  width: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(SCREENSHOT_WIDTH.min)
    .max(SCREENSHOT_WIDTH.max)
    .default(480),
});

/**
 * The producer's switching on one OBS: a thin shell over ObsControlService (a cut or a take on the
 * main is followed by its backups). 400 names the field, 404 an unknown OBS, scene or transition,
 * 502 OBS refused, 503 OBS down (the OBS errors' kinds).
 */
@ApiTags('obs')
@ApiBearerAuth()
@RequireRoles('producer')
@Controller('api/obs/:name')
export class ObsControlController {
  constructor(private readonly control: ObsControlService) {}

  @Post('preview')
  @HttpCode(200)
  @ApiZodBody(sceneBody, {
    description: 'Put the scene in preview (studio mode is turned on if off).',
    examples: { table: { summary: 'The table scene', value: { scene: 'Table' } } },
  })
  async preview(
    @Param('name') name: string,
    @ZodBody(sceneBody) { scene }: z.output<typeof sceneBody>,
  ): Promise<{ ok: true }> {
    await this.control.preview(name, scene);
    return { ok: true };
  }

  @Post('program')
  @HttpCode(200)
  @ApiZodBody(sceneBody, {
    description: 'Cut straight to program.',
    examples: { break: { summary: 'The break card', value: { scene: 'Break' } } },
  })
  async program(
    @Param('name') name: string,
    @ZodBody(sceneBody) { scene }: z.output<typeof sceneBody>,
  ): Promise<{ ok: true }> {
    await this.control.programMirrored(name, scene);
    return { ok: true };
  }

  @Post('take')
  @HttpCode(200)
  @ApiZodBody(takeBody, {
    description: "Studio-mode take, preview to program; without a body, with OBS's current transition.",
    examples: { fade: { summary: 'Take with a fade', value: { transition: 'Fade' } } },
  })
  async take(
    @Param('name') name: string,
    @ZodBody(takeBody, { emptyIsAbsent: true }) body: z.output<typeof takeBody>,
  ): Promise<{ ok: true }> {
    await this.control.takeMirrored(name, body?.transition);
    return { ok: true };
  }

  @Post('studio-mode')
  @HttpCode(200)
  @ApiZodBody(studioModeBody, {
    description: 'Turn studio mode on or off.',
    examples: { on: { summary: 'Studio mode on', value: { enabled: true } } },
  })
  async studioMode(
    @Param('name') name: string,
    @ZodBody(studioModeBody) { enabled }: z.output<typeof studioModeBody>,
  ): Promise<{ ok: true }> {
    await this.control.studioMode(name, enabled);
    return { ok: true };
  }

  @Get('stats')
  @ApiOkResponse({ description: 'OBS GetStats (fps, skipped and total frames, render time) and `at`.' })
  stats(@Param('name') name: string): Promise<ObsStats & { at: string }> {
    return this.control.stats(name);
  }

  @Get('screenshot')
  @ApiProduces('image/png')
  @ApiOkResponse({ description: 'PNG of `source` (default: the program scene), `width` (480) at 16:9.' })
  async screenshot(
    @Param('name') name: string,
    @ZodQuery(screenshotQuery) { source, width }: z.output<typeof screenshotQuery>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const png = await this.control.screenshot(name, width, source);
    void reply.code(200).header('cache-control', 'no-store').type('image/png').send(png);
  }
}
