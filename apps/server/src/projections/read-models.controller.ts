import { Controller, DefaultValuePipe, Get, Param, ParseIntPipe, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { MatchNames } from '@tablecast/protocol';
import type { AuthenticatedRequest } from '../auth/auth.guard';
import { mayOperateTable, type Principal } from '../auth/roles';
import { RequireRoles } from '../auth/roles.decorator';
import { CommandForbiddenError, MatchNotFoundError } from '../matches/match.errors';
import type { MatchReadModel, TimelineEntry } from './match-projection';
import { ProjectionRunner } from './projection-runner.service';
import type { Scoreboard } from './scoreboard';

/**
 * Staff reads from the projections. Every hand is visible here, so every route needs a staff
 * token; the public sees matches only through the broadcast feeds' redaction.
 */
@ApiTags('read models')
@ApiBearerAuth()
@RequireRoles('operator', 'referee', 'arbiter', 'producer')
@Controller('api/matches')
export class ReadModelsController {
  constructor(private readonly projections: ProjectionRunner) {}

  @Get()
  @ApiOkResponse({ description: 'Every match the projections know, with its table and revision.' })
  list(@Req() request: AuthenticatedRequest): { matchId: string; table: string; revision: number }[] {
    const principal = principalOf(request);
    return this.projections.matches.listMatches().filter((m) => maySee(principal, m.table));
  }

  @Get(':matchId/state')
  @ApiQuery({
    name: 'minRevision',
    required: false,
    description: 'Wait (up to 5 s) until the model has this revision.',
  })
  @ApiOkResponse({
    description:
      "The live match state: every hand, whose turn, the trick, reports, tribute, places; and the players' and pairs' names (null without a MatchCreated).",
  })
  async state(
    @Param('matchId') matchId: string,
    @Query('minRevision', new DefaultValuePipe(-1), ParseIntPipe) minRevision: number,
    @Req() request: AuthenticatedRequest,
  ): Promise<MatchReadModel & { readonly names: MatchNames | null }> {
    const model = await this.readAtLeast(matchId, minRevision, principalOf(request));
    // The state holds only the players' ids; the operator console shows who they are.
    return { ...model, names: this.projections.matches.readNames(matchId) };
  }

  @Get(':matchId/scoreboard')
  @ApiOkResponse({ description: 'Levels, each deal with its level change, and the match result.' })
  async scoreboard(
    @Param('matchId') matchId: string,
    @Query('minRevision', new DefaultValuePipe(-1), ParseIntPipe) minRevision: number,
    @Req() request: AuthenticatedRequest,
  ): Promise<Scoreboard> {
    return (await this.readAtLeast(matchId, minRevision, principalOf(request))).scoreboard;
  }

  @Get(':matchId/timeline')
  @ApiQuery({ name: 'from', required: false, description: 'First stream revision to return (default 0).' })
  @ApiOkResponse({
    description: 'Every event of the match in order, with time and actor (arbitration replay).',
  })
  timeline(
    @Param('matchId') matchId: string,
    @Query('from', new DefaultValuePipe(0), ParseIntPipe) from: number,
    @Req() request: AuthenticatedRequest,
  ): TimelineEntry[] {
    const model = this.projections.matches.read(matchId);
    if (!model) throw new MatchNotFoundError(matchId);
    assertMaySee(principalOf(request), model.table);
    return this.projections.matches.readTimeline(matchId, from);
  }

  private async readAtLeast(
    matchId: string,
    minRevision: number,
    principal: Principal,
  ): Promise<MatchReadModel> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const model = this.projections.matches.read(matchId);
      if (model) assertMaySee(principal, model.table);
      if (model && model.revision >= minRevision) return model;
      if (minRevision < 0 || Date.now() > deadline) {
        if (!model) throw new MatchNotFoundError(matchId);
        return model;
      }
      await this.projections.nextUpdate();
    }
  }
}

/** Operators see the hands of their own table only; referees, arbiters and producers see every table. */
function maySee(principal: Principal, table: string): boolean {
  return principal.role !== 'operator' || mayOperateTable(principal, table);
}

function assertMaySee(principal: Principal, table: string): void {
  if (!maySee(principal, table))
    throw new CommandForbiddenError(`${principal.actorId} may not read table ${table}`);
}

function principalOf(request: AuthenticatedRequest): Principal {
  if (!request.principal) throw new Error('route reached without a principal: is the AuthGuard installed?');
  return request.principal;
}
