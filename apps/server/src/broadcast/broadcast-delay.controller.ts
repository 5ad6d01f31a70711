import { Controller, Get, Param, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { z } from 'zod';
import { Principal } from '../auth/principal.decorator';
import { RequireRoles } from '../auth/roles.decorator';
import {
  BroadcastDelayRequestSchema,
  BroadcastDelayService,
  type BroadcastDelayChanged,
  type BroadcastDelayInForce,
} from './broadcast-delay.service';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody } from '../http/zod-pipe';

/** The per-match security delay of the delayed feeds (broadcast, commentary). */
@ApiTags('broadcast')
@ApiBearerAuth()
@RequireRoles('producer', 'referee')
@Controller('api/matches')
export class BroadcastDelayController {
  constructor(private readonly delays: BroadcastDelayService) {}

  @Get(':matchId/broadcast-delay')
  @ApiOkResponse({ description: '{ delayMs, revision }: the delay in force; revision -1 before any change.' })
  @ApiNotFoundResponse({ description: 'No such match.' })
  get(@Param('matchId') matchId: string): Promise<BroadcastDelayInForce> {
    return this.delays.get(matchId);
  }

  @Put(':matchId/broadcast-delay')
  @ApiZodBody(BroadcastDelayRequestSchema, {
    description:
      'Whole ms, 1,000 to 3,600,000 (zero is for staff only); revision: the one the change was made against (409 if the delay changed since; -1: none set yet).',
    examples: {
      threeMinutes: { summary: 'Raise the delay to 3 minutes', value: { delayMs: 180000, revision: 2 } },
      first: { summary: 'Set it for the first time', value: { delayMs: 120000, revision: -1 } },
    },
  })
  @ApiOkResponse({ description: 'Recorded; applies to events recorded from now on (TC-FEED-1..3).' })
  @ApiBadRequestResponse({ description: 'delayMs missing, not a whole number, or out of range.' })
  @ApiNotFoundResponse({ description: 'No such match.' })
  @ApiConflictResponse({
    description: 'The delay changed since `revision` (or another change won the race); read it and retry.',
  })
  set(
    @Param('matchId') matchId: string,
    @ZodBody(BroadcastDelayRequestSchema) body: z.output<typeof BroadcastDelayRequestSchema>,
    @Principal() principal: Principal,
  ): Promise<BroadcastDelayChanged> {
    return this.delays.set(matchId, body, principal);
  }
}
