import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { DirectorStatus } from '@tablecast/protocol';
import { z } from 'zod';
import { RequireRoles } from '../auth/roles.decorator';
import { parseBody } from '../http/parse-body';
import { directorRulesSchema, directorSettingsSchema } from './director-rules';
import { DirectorService } from './director.service';

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
  @ApiBody({
    description:
      '{ rules: DirectorRule[], minSceneDwellMs? } replaces every rule (docs/obs.md, "Auto-director"); 400 names the field, e.g. rules.2.cooldownMs.',
  })
  @ApiOkResponse({ description: 'The director as GET /api/director answers after the change (persisted).' })
  setRules(@Body() body: unknown): DirectorStatus {
    const { rules, minSceneDwellMs } = parseBody(rulesBody, body);
    return this.director.setRules(rules, minSceneDwellMs);
  }

  @Post('enabled')
  @HttpCode(200)
  @ApiBody({
    description: '{ enabled: boolean }: off, every matching rule logs `disabled` and nothing acts.',
  })
  @ApiOkResponse({ description: 'The director as GET /api/director answers after the change (persisted).' })
  setEnabled(@Body() body: unknown): DirectorStatus {
    return this.director.setEnabled(parseBody(enabledBody, body).enabled);
  }
}
