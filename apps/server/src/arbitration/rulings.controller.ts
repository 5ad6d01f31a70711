import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../auth/auth.guard';
import { RequireRoles } from '../auth/roles.decorator';
import { principalOf } from './principal-of';
import { RulingService, type RulingAnswer } from './ruling.service';

/** The committee's ruling on an appeal (GD-APL-2), keyed by an arbiter from the signed vote sheet. */
@ApiTags('arbitration')
@ApiBearerAuth()
@RequireRoles('arbiter')
@Controller('api/appeals')
export class RulingsController {
  constructor(private readonly rulings: RulingService) {}

  @Post(':appealId/ruling')
  @ApiBody({ description: 'committee, votes per member, remedy, reasoning (see IssueRulingRequestSchema).' })
  @ApiCreatedResponse({
    description: 'RulingIssued in the appeal stream; ResultCorrected in the match stream.',
  })
  @ApiConflictResponse({ description: 'The appeal already has a ruling (the decision is final).' })
  @ApiUnprocessableEntityResponse({ description: 'GD-APL-2 (committee, majority) or the remedy’s rule.' })
  issue(
    @Param('appealId') appealId: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ): Promise<RulingAnswer> {
    return this.rulings.issue(appealId, body, principalOf(request));
  }
}
