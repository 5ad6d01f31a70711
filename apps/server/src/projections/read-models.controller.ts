import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AnyGameModule } from '@tablecast/game-kit';
import type { GameMatchView } from '@tablecast/protocol';
import { z } from 'zod';
import { Principal } from '../auth/principal.decorator';
import { mayOperateTable } from '../auth/roles';
import { RequireRoles } from '../auth/roles.decorator';
import { ZodQuery } from '../http/zod-pipe';
import { CommandForbiddenError, MatchNotFoundError } from '../matches/match.errors';
import { isGuandanReadModel, type Scoreboard } from '@tablecast/games';
import type { MatchReadModel, TimelineEntry } from '@tablecast/projections';
import { FoldedTimelines } from './folded-timelines';
import { ProjectionRunner } from './projection-runner.service';
import { ProjectionsBehindError } from './projections-behind.error';
import { openingOf, staffMatchView } from './staff-match-view';

/** How long a read with minRevision waits for the read models to have it. */
const READ_WAIT_MS = 5_000;

/** A whole number in the query (`-3`, `0`, `12`), or `fallback` when the parameter is absent. */
const wholeNumber = (fallback: number) =>
  z
    .string()
    .regex(/^-?\d+$/, { error: 'expected a whole number' })
    .transform(Number)
    .default(fallback);

/**
 * Staff reads from the projections. Every hand is visible here, so every route needs a staff
 * token; the public sees matches only through the broadcast feeds' redaction.
 */
@ApiTags('read models')
@ApiBearerAuth()
@RequireRoles('operator', 'referee', 'arbiter', 'producer')
@Controller('api/matches')
export class ReadModelsController {
  /** Every other game's matches folded from their timelines, once per revision. */
  private readonly folded: FoldedTimelines;

  constructor(private readonly projections: ProjectionRunner) {
    this.folded = new FoldedTimelines((matchId, from) =>
      projections.matches.readTimeline(matchId, from, Number.MAX_SAFE_INTEGER),
    );
  }

  @Get()
  @ApiOkResponse({ description: 'Every match the projections know, with its table and revision.' })
  list(@Principal() principal: Principal): { matchId: string; table: string; revision: number }[] {
    return this.projections.matches.listMatches().filter((m) => maySee(principal, m.table));
  }

  @Get(':matchId/state')
  @ApiQuery({
    name: 'minRevision',
    required: false,
    description: 'Wait (up to 5 s) until the match has this revision.',
  })
  @ApiOkResponse({
    description:
      "The same staff view as `/view` (kept for the clients written against it): the common base with its revision and `detail`, the game module's view for staff. No engine state crosses the wire; a client that needs the engine's state folds the match's `/timeline` through the game's module.",
  })
  state(
    @Param('matchId') matchId: string,
    @ZodQuery(wholeNumber(-1), 'minRevision') minRevision: number,
    @Principal() principal: Principal,
  ): Promise<GameMatchView> {
    return this.view(matchId, minRevision, principal);
  }

  @Get(':matchId/view')
  @ApiQuery({
    name: 'minRevision',
    required: false,
    description: 'Wait (up to 5 s) until the match has this revision.',
  })
  @ApiOkResponse({
    description:
      "The staff's view of a match of any game: the common base (game, match id, table, revision, seats, players, a pending keying correction; the pairs' names for Guandan) and `detail`, the game module's view for staff (every hand, live). No engine state: only what the module's view builds.",
  })
  async view(
    @Param('matchId') matchId: string,
    @ZodQuery(wholeNumber(-1), 'minRevision') minRevision: number,
    @Principal() principal: Principal,
  ): Promise<GameMatchView> {
    const matches = this.projections.matches;
    const deadline = Date.now() + READ_WAIT_MS;
    for (;;) {
      const opening = openingOf(matches.readTimeline(matchId, 0, 1)[0]);
      if (opening) assertMaySee(principal, opening.table);
      const model = matches.read(matchId);
      const folded = (module: AnyGameModule) => this.folded.of(matchId, opening?.game ?? '', module);
      const view = opening && staffMatchView(opening, matchId, model, folded, matches.readNames(matchId));
      if (view && view.revision >= minRevision) return view;
      if (minRevision < 0 || Date.now() > deadline) {
        this.refuseBehind(matchId, minRevision);
        if (!view) throw new MatchNotFoundError(matchId);
        return view;
      }
      await this.projections.nextUpdate();
    }
  }

  @Get(':matchId/scoreboard')
  @ApiOkResponse({ description: 'Levels, each deal with its level change, and the match result.' })
  async scoreboard(
    @Param('matchId') matchId: string,
    @ZodQuery(wholeNumber(-1), 'minRevision') minRevision: number,
    @Principal() principal: Principal,
  ): Promise<Scoreboard | null> {
    // The level scoreboard is Guandan's; another game's match has none (null).
    const model = await this.readAtLeast(matchId, minRevision, principal);
    return isGuandanReadModel(model) ? model.scoreboard : null;
  }

  @Get(':matchId/timeline')
  @ApiQuery({ name: 'from', required: false, description: 'First stream revision to return (default 0).' })
  @ApiOkResponse({
    description: 'Every event of the match in order, with time and actor (arbitration replay).',
  })
  timeline(
    @Param('matchId') matchId: string,
    @ZodQuery(wholeNumber(0), 'from') from: number,
    @Principal() principal: Principal,
  ): TimelineEntry[] {
    const model = this.projections.matches.read(matchId);
    if (!model) throw new MatchNotFoundError(matchId);
    assertMaySee(principal, model.table);
    return this.projections.matches.readTimeline(matchId, from);
  }

  /**
   * Past the wait for `minRevision`: the shared read models' projector is behind or gone (503,
   * TC-SCALE-1). A process projecting for itself answers what it has, as it always did.
   */
  private refuseBehind(matchId: string, minRevision: number): void {
    if (minRevision >= 0 && this.projections.shared) {
      throw new ProjectionsBehindError(matchId, minRevision, READ_WAIT_MS);
    }
  }

  private async readAtLeast(
    matchId: string,
    minRevision: number,
    principal: Principal,
  ): Promise<MatchReadModel> {
    const deadline = Date.now() + READ_WAIT_MS;
    for (;;) {
      const model = this.projections.matches.read(matchId);
      if (model) assertMaySee(principal, model.table);
      if (model && model.revision >= minRevision) return model;
      if (minRevision < 0 || Date.now() > deadline) {
        this.refuseBehind(matchId, minRevision);
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
