import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { CommandAccepted } from '@tablecast/protocol';
import type { AuthenticatedRequest } from '../auth/auth.guard';
import type { Principal } from '../auth/roles';
import { RequireRoles } from '../auth/roles.decorator';
import { MatchCommandService } from './match-command.service';

/** Thin HTTP shell over the match service: parse nothing here, authorise by role, delegate. */
@ApiTags('matches')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing or unknown token.' })
@ApiForbiddenResponse({ description: 'The role (or the operator table) may not do this.' })
@Controller('api/matches')
export class MatchesController {
  constructor(private readonly matches: MatchCommandService) {}

  @Post()
  @RequireRoles('operator', 'referee')
  @ApiBody({ description: 'matchId, table, ruleset, format, teams, players (see CreateMatchRequestSchema).' })
  @ApiCreatedResponse({ description: 'The match stream was created; answers its revision.' })
  @ApiConflictResponse({ description: 'A match with this id exists.' })
  create(@Body() body: unknown, @Req() request: AuthenticatedRequest): Promise<CommandAccepted> {
    return this.matches.create(body, principalOf(request));
  }

  @Post(':matchId/commands')
  @HttpCode(200)
  @RequireRoles('operator', 'referee')
  @ApiBody({ description: '{ revision, idempotencyKey, command } (see CommandRequestSchema).' })
  @ApiOkResponse({ description: 'Accepted: the events written and the new revision.' })
  @ApiConflictResponse({ description: 'The revision sent is stale, or another command won the race.' })
  @ApiUnprocessableEntityResponse({ description: 'A rule forbids it; the body names the rule ID.' })
  command(
    @Param('matchId') matchId: string,
    @Body() body: unknown,
    @Req() request: AuthenticatedRequest,
  ): Promise<CommandAccepted> {
    return this.matches.execute(matchId, body, principalOf(request));
  }
}

function principalOf(request: AuthenticatedRequest): Principal {
  if (!request.principal) throw new Error('route reached without a principal: is the AuthGuard installed?');
  return request.principal;
}
