import { Controller, Param, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { z } from 'zod';
import { Principal } from '../auth/principal.decorator';
import { RequireRoles } from '../auth/roles.decorator';
import { IssueRulingRequestSchema, RulingService, type RulingAnswer } from './ruling.service';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody } from '../http/zod-pipe';

/** The committee's ruling on an appeal (GD-APL-2), keyed by an arbiter from the signed vote sheet. */
@ApiTags('arbitration')
@ApiBearerAuth()
@RequireRoles('arbiter')
@Controller('api/appeals')
export class RulingsController {
  constructor(private readonly rulings: RulingService) {}

  @Post(':appealId/ruling')
  @ApiZodBody(IssueRulingRequestSchema, {
    description:
      'The committee sitting on the appeal (odd, three or more: GD-APL-2), each member’s vote, the remedy when upheld, and the reasoning.',
    examples: {
      dismissed: {
        summary: 'Dismissed two votes to one',
        value: {
          committee: ['chen_gang', 'wang_li', 'zhou_qiang'],
          votes: [
            { memberId: 'chen_gang', vote: 'dismiss' },
            { memberId: 'wang_li', vote: 'dismiss' },
            { memberId: 'zhou_qiang', vote: 'uphold' },
          ],
          reasoning: '录像显示南家已出牌后东家才出牌，原判无误，驳回申诉。',
        },
      },
    },
  })
  @ApiCreatedResponse({
    description: 'RulingIssued in the appeal stream; ResultCorrected in the match stream.',
  })
  @ApiConflictResponse({ description: 'The appeal already has a ruling (the decision is final).' })
  @ApiUnprocessableEntityResponse({ description: 'GD-APL-2 (committee, majority) or the remedy’s rule.' })
  issue(
    @Param('appealId') appealId: string,
    @ZodBody(IssueRulingRequestSchema) body: z.output<typeof IssueRulingRequestSchema>,
    @Principal() principal: Principal,
  ): Promise<RulingAnswer> {
    return this.rulings.issue(appealId, body, principal);
  }
}
