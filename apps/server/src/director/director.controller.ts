import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { DirectorStatus } from '@tablecast/protocol';
import { z } from 'zod';
import { RequireRoles } from '../auth/roles.decorator';
import { directorRulesSchema, directorSettingsSchema } from './director-rules';
import { DirectorService } from './director.service';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody } from '../http/zod-pipe';

const rulesBody = z.strictObject({
  rules: directorRulesSchema,
  minSceneDwellMs: directorSettingsSchema.shape.minSceneDwellMs.optional(),
});
const enabledBody = z.strictObject({ enabled: z.boolean({ error: 'must be true or false' }) });

/** The auto-director's rules, switch and log, for the producer (thin: the service decides). */
@ApiTags('director')
@ApiBearerAuth()
@RequireRoles('producer')
@Controller('api/director')
export class DirectorController {
  constructor(private readonly director: DirectorService) {}

  @Get()
  @ApiOkResponse({
    description:
      '{ enabled, minSceneDwellMs, rules, log }: the log is newest first, the last 100 ({ at, matchId, moment, ruleId, outcome: acted|cooldown|disabled|failed, detail }).',
  })
  status(): DirectorStatus {
    return this.director.status();
  }

  @Put('rules')
  @ApiZodBody(rulesBody, {
    description:
      'Replaces every rule (docs/obs.md, "Auto-director"); 400 names the field, e.g. rules.2.cooldownMs.',
    examples: {
      matchPoint: {
        summary: 'Cut to the overhead camera at match point, back after 12 s',
        value: {
          minSceneDwellMs: 8000,
          rules: [
            {
              id: 'match-point-overhead',
              enabled: true,
              on: 'matchPoint',
              action: {
                type: 'switchScene',
                scene: 'Overhead',
                mode: 'previewAndTake',
                returnAfterMs: 12000,
              },
              cooldownMs: 60000,
              obs: 'main',
            },
          ],
        },
      },
    },
  })
  @ApiOkResponse({ description: 'The director as GET /api/director answers after the change (persisted).' })
  setRules(@ZodBody(rulesBody) { rules, minSceneDwellMs }: z.output<typeof rulesBody>): DirectorStatus {
    return this.director.setRules(rules, minSceneDwellMs);
  }

  @Post('enabled')
  @HttpCode(200)
  @ApiZodBody(enabledBody, {
    description: 'Off: every matching rule logs `disabled` and nothing acts.',
    examples: { off: { summary: 'Hand control back to the producer', value: { enabled: false } } },
  })
  @ApiOkResponse({ description: 'The director as GET /api/director answers after the change (persisted).' })
  setEnabled(@ZodBody(enabledBody) { enabled }: z.output<typeof enabledBody>): DirectorStatus {
    return this.director.setEnabled(enabled);
  }
}
