import { Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { TournamentEvent } from '@tablecast/events';
import {
  duplicateEventStandings,
  isDuplicateGame,
  movementOptions,
  standingsAfterRoundSession,
  standingsAfterSession,
  type DuplicateRow,
  type StandingsRow,
} from '@tablecast/tournament';
import type { z } from 'zod';
import { Principal } from '../auth/principal.decorator';
import { RequireRoles } from '../auth/roles.decorator';
import { RequestValidationError } from '../errors';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody, ZodParam } from '../http/zod-pipe';
import {
  crossTable,
  crossTableCsv,
  crossTableHtml,
  dealSheets,
  dealSheetsCsv,
  dealSheetsHtml,
} from './annex-sheets';
import {
  duplicateScoreSheetCsv,
  duplicateScoreSheetsHtml,
  duplicateStandingsCsv,
  duplicateStandingsHtml,
  sessionStandingsHeading,
} from './duplicate-sheets';
import { entrantsCsv, parseEntrantsCsv } from './entrants-csv';
import { scoreSheetsHtml, standingsHtml } from './sheets-html';
import { scoreSheetCsv, standingsCsv } from './standings-csv';
import { NotFoundError } from '../errors';
import {
  AssignMatchSchema,
  CorrectBoardTimeSchema,
  CreateTournamentSchema,
  ForfeitSchema,
  ImportEntrantsSchema,
  PairRoundSchema,
  RoundParamSchema,
  SessionParamSchema,
  TournamentIdSchema,
  WithdrawSchema,
} from './tournament-requests';
import { TournamentConflictError } from './tournament.errors';
import { TournamentService } from './tournament.service';
import { RoundStart, type StartedTable } from './round-start';
import { TableBoards } from './table-boards';
import { byesOf } from './feed/tournament-feed-view';

interface Written {
  readonly tournamentId: string;
  readonly revision: number;
  readonly events: readonly TournamentEvent[];
}

/**
 * The tournament around the matches (TRN-*): create an event, import its entrants, pair, publish
 * and seat each round, record forfeits and withdrawals, and read or export the standings. Writes
 * are the chief arbiter's and the referees'; every refusal names the TRN rule (422), a command out
 * of turn is 409.
 */
@ApiTags('tournaments')
@ApiBearerAuth()
@RequireRoles('arbiter', 'referee')
@Controller('api/tournaments')
export class TournamentsController {
  constructor(
    private readonly tournaments: TournamentService,
    private readonly roundStart: RoundStart,
    private readonly tableBoards: TableBoards,
  ) {}

  @Post()
  @ApiZodBody(CreateTournamentSchema, {
    description: 'The event, its stages (TRN-EVT-2) and the regulations’ choices.',
    examples: {
      swiss003: {
        summary: 'A 003 Swiss, 6 rounds',
        value: {
          tournamentId: 'open2026',
          name: 'Open 2026',
          ruleset: 'cesa2023',
          stages: [{ format: 'swiss', venue: 'onSite', rounds: 6, unit: { games: 7, bestOf: false } }],
          options: { pairingRules: '003' },
        },
      },
    },
  })
  @ApiOkResponse({ description: '{ tournamentId, revision, events }: TournamentCreated.' })
  @ApiBadRequestResponse({ description: 'A field missing or malformed; the body names it.' })
  @ApiConflictResponse({ description: 'A tournament of that id exists.' })
  @ApiUnprocessableEntityResponse({ description: 'TRN-EVT-2: a stage before another without `advance`.' })
  @HttpCode(201)
  async create(
    @ZodBody(CreateTournamentSchema) body: z.output<typeof CreateTournamentSchema>,
    @Principal() principal: Principal,
  ): Promise<Written> {
    return this.written(body.tournamentId, [{ type: 'CreateTournament', ...body }], principal);
  }

  @Get(':tournamentId')
  @ApiOkResponse({ description: 'The event, its entrants and its rounds (pairings, tables, results).' })
  @ApiNotFoundResponse({ description: 'No such tournament.' })
  async get(@ZodParam('tournamentId', TournamentIdSchema) tournamentId: string): Promise<unknown> {
    const { projection, revision } = await this.tournaments.existing(tournamentId);
    const { created, entrants, rounds, stage } = projection.state;
    return {
      revision,
      tournament: created,
      stage,
      entrants: [...entrants.values()],
      rounds: rounds.map((r) => {
        const boards = this.tableBoards.roundBoards(r);
        return {
          round: r.round,
          // TRN-MOVE-6: the round (轮) and session (局) this stream round is, in an event of several sessions a round.
          ...(r.paired.session === undefined ? {} : { session: r.paired.session }),
          stage: r.stage,
          publishedAt: r.publishedAt,
          bye: r.paired.bye,
          byes: byesOf(r.results.values()),
          relaxed: r.paired.relaxed,
          pairings: [...r.pairings.values()].map((p) => ({ ...p, result: r.results.get(p.match) ?? null })),
          // A duplicate Swiss round's tables of individual players, by seat (TRN-MOVE-4/5), each with
          // what it has played of its board set (TRN-MP-1; null before the round's start).
          tables: [...r.tables.values()].map((t) => ({
            ...t,
            boards: boards.get(t.match) ?? null,
            result: r.tableResults.get(t.match) ?? null,
          })),
          // The round's board sets (TRN-MP-1): each board's public commitment and the seed's.
          boardSets: [...r.boardSets.values()],
        };
      }),
    };
  }

  @Post(':tournamentId/entrants')
  @ApiZodBody(ImportEntrantsSchema, {
    description:
      'The entrants sheet as CSV: a header (name; optional entrant, unit, seed) and one row per pair.',
    examples: {
      sheet: {
        summary: 'Four pairs',
        value: { csv: 'entrant,name,unit,seed\nP1,张三/李四,江苏,1\nP2,王五/赵六,浙江,2\n' },
      },
    },
  })
  @ApiOkResponse({ description: 'One EntrantRegistered (or EntrantLateEntered after round 1) per row.' })
  @ApiBadRequestResponse({ description: 'A bad row: the issue names the row (1 = header) and the column.' })
  @ApiConflictResponse({ description: 'An entrant of that id is already entered.' })
  @ApiUnprocessableEntityResponse({ description: 'TRN-SWISS-10: past 100 pairs in a 003 event.' })
  @HttpCode(200)
  async importEntrants(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodBody(ImportEntrantsSchema) body: z.output<typeof ImportEntrantsSchema>,
    @Principal() principal: Principal,
  ): Promise<Written> {
    const parsed = parseEntrantsCsv(body.csv);
    if ('issues' in parsed) throw new RequestValidationError(parsed.issues);
    await this.tournaments.existing(tournamentId);
    return this.written(
      tournamentId,
      parsed.rows.map((row) => ({ type: 'RegisterEntrant', ...row })),
      principal,
    );
  }

  @Get(':tournamentId/entrants.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOkResponse({ description: 'The entrants sheet, in the columns the import reads.' })
  async exportEntrants(@ZodParam('tournamentId', TournamentIdSchema) tournamentId: string): Promise<string> {
    const { projection } = await this.tournaments.existing(tournamentId);
    return entrantsCsv(projection.state.entrants.values());
  }

  @Post(':tournamentId/rounds')
  @ApiZodBody(PairRoundSchema.optional(), {
    description: 'Pairs the next round; `seed` for a draw by lot (round 1 under firstRound lot).',
    examples: {
      next: { summary: 'The next round', value: {} },
      lot: { summary: 'Round 1 drawn by lot', value: { seed: 'draw-2026-05-01' } },
    },
  })
  @ApiOkResponse({
    description: 'RoundPaired (with its input standings and relaxations), and a bye’s result.',
  })
  @ApiConflictResponse({ description: 'The stage has all its rounds.' })
  @ApiUnprocessableEntityResponse({
    description: 'TRN-SWISS-1 (last round incomplete, no legal pairing), TRN-SCORE-4.',
  })
  @HttpCode(200)
  async pair(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodBody(PairRoundSchema.optional()) body: z.output<typeof PairRoundSchema> | undefined,
    @Principal() principal: Principal,
  ): Promise<Written> {
    return this.written(tournamentId, [{ type: 'PairRound', seed: body?.seed ?? null }], principal);
  }

  @Post(':tournamentId/rounds/:round/publish')
  @ApiOkResponse({
    description: 'RoundPublished: opens TRN-SWISS-9’s data-entry window of the round before.',
  })
  @HttpCode(200)
  async publish(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodParam('round', RoundParamSchema) round: number,
    @Principal() principal: Principal,
  ): Promise<Written> {
    return this.written(tournamentId, [{ type: 'PublishRound', round }], principal);
  }

  @Post(':tournamentId/rounds/:round/assignments')
  @ApiZodBody(AssignMatchSchema, {
    description: 'Seats a pairing at a table, played as the game match `matchId`.',
    examples: {
      table1: {
        summary: 'Round 1, match 1 at table 1',
        value: { match: 'r1.t1', table: 1, matchId: 'open2026.r1.t1' },
      },
    },
  })
  @ApiOkResponse({ description: 'MatchAssigned.' })
  @HttpCode(200)
  async assign(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodParam('round', RoundParamSchema) round: number,
    @ZodBody(AssignMatchSchema) body: z.output<typeof AssignMatchSchema>,
    @Principal() principal: Principal,
  ): Promise<Written> {
    return this.written(tournamentId, [{ type: 'AssignMatch', round, ...body }], principal);
  }

  @Post(':tournamentId/rounds/:round/start')
  @RequireRoles('referee')
  @ApiOkResponse({
    description:
      'Creates each table’s game match (the event’s game and ruleset, the entrants’ names and seats), ' +
      'records MatchAssigned, and answers table → match id. Starting again finishes a partial start.',
  })
  @ApiConflictResponse({ description: 'The round is not paired or not published.' })
  @HttpCode(200)
  async start(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodParam('round', RoundParamSchema) round: number,
    @Principal() principal: Principal,
  ): Promise<{ tournamentId: string; round: number; tables: StartedTable[] }> {
    return { tournamentId, round, tables: await this.roundStart.start(tournamentId, round, principal) };
  }

  @Post(':tournamentId/forfeits')
  @ApiZodBody(ForfeitSchema, {
    description: 'A pairing forfeited by one pair (TRN-SCORE-4, TRN-SWISS-8).',
    examples: {
      late: {
        summary: 'P4 more than 10 minutes late',
        value: { round: 1, match: 'r1.t1', forfeitedBy: 'P4' },
      },
    },
  })
  @ApiOkResponse({ description: 'ResultRecorded (source forfeit).' })
  @ApiUnprocessableEntityResponse({ description: 'TRN-SWISS-9: the pairing has a result already.' })
  @HttpCode(200)
  async forfeit(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodBody(ForfeitSchema) body: z.output<typeof ForfeitSchema>,
    @Principal() principal: Principal,
  ): Promise<Written> {
    return this.written(tournamentId, [{ type: 'RecordForfeit', ...body }], principal);
  }

  @Post(':tournamentId/withdrawals')
  @ApiZodBody(WithdrawSchema, {
    description: 'A pair withdraws (TRN-WD-1 before round 1, TRN-WD-2 after).',
    examples: { illness: { summary: 'P3 withdraws', value: { entrant: 'P3', reason: 'illness' } } },
  })
  @ApiOkResponse({ description: 'EntrantWithdrawn, and the current round’s forfeit if unplayed.' })
  @HttpCode(200)
  async withdraw(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodBody(WithdrawSchema) body: z.output<typeof WithdrawSchema>,
    @Principal() principal: Principal,
  ): Promise<Written> {
    return this.written(tournamentId, [{ type: 'WithdrawEntrant', ...body }], principal);
  }

  @Post(':tournamentId/board-times')
  @RequireRoles('arbiter')
  @ApiZodBody(CorrectBoardTimeSchema, {
    description:
      'The arbiter corrects one player’s own play time on one board of a Dou Dizhu or Big Two table ' +
      '(TRN-TB-4/5), e.g. a clock left running during an appeal: BoardTimeCorrected, within ' +
      'TRN-SWISS-9’s data-entry window (DEC-T-3). The recorded result stays as it was.',
    examples: {
      appeal: {
        summary: 'P4’s clock ran on through an appeal',
        value: {
          round: 1,
          match: 'r1.t2',
          board: 'r1.t2.b1',
          entrant: 'P4',
          seconds: 55,
          reason: 'clock left running during the appeal',
        },
      },
    },
  })
  @ApiOkResponse({ description: 'BoardTimeCorrected, naming the time it replaced and the arbiter.' })
  @ApiBadRequestResponse({ description: 'A field missing or malformed; the body names it.' })
  @ApiNotFoundResponse({ description: 'No such tournament, table result, board or player at that table.' })
  @ApiConflictResponse({
    description: 'The tournament moved on from the `revision` read, or changed meanwhile.',
  })
  @ApiUnprocessableEntityResponse({
    description: 'TRN-SWISS-9: more than 5 minutes after the next round’s pairing was published.',
  })
  @HttpCode(200)
  async correctBoardTime(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodBody(CorrectBoardTimeSchema) body: z.output<typeof CorrectBoardTimeSchema>,
    @Principal() principal: Principal,
  ): Promise<Written> {
    // DEC-T-3: the arbiter who corrects is the one whose token this is, never a name in the body.
    const { revision: read, ...correction } = body;
    const { events, revision } = await this.tournaments.run(
      tournamentId,
      [{ type: 'CorrectBoardTime', ...correction, arbiter: principal.actorId }],
      principal,
      read,
    );
    return { tournamentId, revision, events };
  }

  @Get(':tournamentId/standings')
  @ApiOkResponse({
    description:
      'The standings; each row says how each tie-break value was computed. A Dou Dizhu or Big Two event ' +
      '(scoring `duplicate`): each player’s S over every board, ranked by TRN-TB-4/5 (TRN-MP-5).',
  })
  @ApiNotFoundResponse({ description: 'No such tournament.' })
  async standings(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
  ): Promise<{ rows: StandingsRow[] } | { scoring: 'duplicate'; rows: DuplicateRow[] }> {
    const { projection } = await this.tournaments.existing(tournamentId);
    if (isDuplicateGame(projection.state.created?.game ?? ''))
      return { scoring: 'duplicate', rows: duplicateEventStandings(projection.state) };
    return { rows: projection.standings() };
  }

  @Get(':tournamentId/standings.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOkResponse({
    description:
      'The standings sheet as CSV (000 附录三 columns, then each tie-break value); a Dou Dizhu or Big Two ' +
      'event: S and total own play time in seconds (002/001 附录二).',
  })
  async standingsCsv(@ZodParam('tournamentId', TournamentIdSchema) tournamentId: string): Promise<string> {
    const { projection } = await this.tournaments.existing(tournamentId);
    if (isDuplicateGame(projection.state.created?.game ?? ''))
      return duplicateStandingsCsv(duplicateEventStandings(projection.state), projection.state.entrants);
    return standingsCsv(projection.standings(), projection.state.entrants);
  }

  @Get(':tournamentId/score-sheet.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOkResponse({
    description:
      'Every round’s pairings and results as CSV (000 附录一/二); a Dou Dizhu or Big Two event: each board’s score and own play time per player.',
  })
  async scoreSheet(@ZodParam('tournamentId', TournamentIdSchema) tournamentId: string): Promise<string> {
    const { projection } = await this.tournaments.existing(tournamentId);
    if (isDuplicateGame(projection.state.created?.game ?? ''))
      return duplicateScoreSheetCsv(projection.state.rounds);
    return scoreSheetCsv(projection.state.rounds);
  }

  @Get(':tournamentId/standings.html')
  @Header('content-type', 'text/html; charset=utf-8')
  @ApiOkResponse({
    description: 'The standings as a printable page (名次表; a duplicate event: S and 累计出牌总用时).',
  })
  async standingsPage(@ZodParam('tournamentId', TournamentIdSchema) tournamentId: string): Promise<string> {
    const { projection } = await this.tournaments.existing(tournamentId);
    const title = projection.state.created?.name ?? tournamentId;
    if (isDuplicateGame(projection.state.created?.game ?? ''))
      return duplicateStandingsHtml(
        title,
        duplicateEventStandings(projection.state),
        projection.state.entrants,
      );
    return standingsHtml(title, projection.standings(), projection.state.entrants);
  }

  @Get(':tournamentId/rounds/:round/standings.html')
  @Header('content-type', 'text/html; charset=utf-8')
  @ApiOkResponse({
    description:
      'A duplicate event’s standings after the round (a session, TRN-MOVE-6) as a printable page: over every ' +
      'session so far, or over that session alone under rankingBasis lastSession, as the next move reads them.',
  })
  @ApiNotFoundResponse({ description: 'No such tournament or round, or an event of pairs.' })
  async sessionStandingsPage(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodParam('round', RoundParamSchema) round: number,
  ): Promise<string> {
    const { projection } = await this.tournaments.existing(tournamentId);
    const { created, rounds, entrants } = projection.state;
    const held = rounds[round - 1];
    if (held === undefined || created === null)
      throw new NotFoundError(`tournament ${tournamentId} has no round ${String(round)}`);
    if (!isDuplicateGame(created.game))
      throw new NotFoundError(
        `tournament ${tournamentId} is an event of pairs: its standings are at standings.html`,
      );
    return duplicateStandingsHtml(
      created.name,
      standingsAfterSession(projection.state, round),
      entrants,
      sessionStandingsHeading(held, movementOptions(created).rankingBasis),
    );
  }

  @Get(':tournamentId/rounds/:round/sessions/:session/standings.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOkResponse({
    description:
      'A duplicate event’s standings after a session (局) of a round (轮) as CSV, the columns of standings.csv: ' +
      'over every session so far, or over that session alone under rankingBasis lastSession, as the move ' +
      'after it reads them (TRN-MOVE-6). A round of one session is session 1.',
  })
  @ApiBadRequestResponse({
    description: 'round or session not a number from 1, or more sessions than a round has.',
  })
  @ApiNotFoundResponse({
    description: 'No such tournament, the session not paired yet, or an event of pairs.',
  })
  @ApiConflictResponse({ description: 'TRN-MOVE-6: the session is paired and some table has no result yet.' })
  async sessionStandingsCsv(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodParam('round', RoundParamSchema) round: number,
    @ZodParam('session', SessionParamSchema) session: number,
  ): Promise<string> {
    const { projection } = await this.tournaments.existing(tournamentId);
    const { created, entrants } = projection.state;
    if (created === null || !isDuplicateGame(created.game))
      throw new NotFoundError(
        `tournament ${tournamentId} is an event of pairs: its standings are at standings.csv`,
      );
    const named = `round ${String(round)}, session ${String(session)}`;
    const after = standingsAfterRoundSession(projection.state, round, session);
    switch (after.kind) {
      case 'noSuchSession':
        throw new RequestValidationError([
          {
            path: 'session',
            message: `tournament ${tournamentId} plays ${String(after.sessions)} session(s) a round, not ${String(session)}`,
          },
        ]);
      case 'notPaired':
        throw new NotFoundError(`tournament ${tournamentId} has not paired ${named} yet`);
      case 'inPlay':
        // TRN-MOVE-6: the standings after a session are read once every table of it has its result.
        throw new TournamentConflictError(
          `tournament ${tournamentId}: ${named} is still being played (${String(after.recorded)} of ${String(after.tables)} tables recorded)`,
          'TRN-MOVE-6',
        );
      case 'standings':
        return duplicateStandingsCsv(after.rows, entrants);
    }
  }

  @Get(':tournamentId/rounds/:round/score-sheets.html')
  @Header('content-type', 'text/html; charset=utf-8')
  @ApiOkResponse({
    description:
      'One printable score sheet per table of the round (000 附录二; a duplicate event: 得分 and 出牌用时 per board).',
  })
  @ApiNotFoundResponse({ description: 'No such tournament or round.' })
  async scoreSheetsPage(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodParam('round', RoundParamSchema) round: number,
  ): Promise<string> {
    const { projection } = await this.tournaments.existing(tournamentId);
    const held = projection.state.rounds[round - 1];
    if (held === undefined)
      throw new NotFoundError(`tournament ${tournamentId} has no round ${String(round)}`);
    const title = projection.state.created?.name ?? tournamentId;
    if (isDuplicateGame(projection.state.created?.game ?? ''))
      return duplicateScoreSheetsHtml(title, held, projection.state.entrants);
    return scoreSheetsHtml(title, held, projection.state.entrants);
  }

  @Get(':tournamentId/cross-table.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOkResponse({
    description: 'The result form of 000 附录一: each pair’s result against each other, totals, place.',
  })
  async crossTableCsv(@ZodParam('tournamentId', TournamentIdSchema) tournamentId: string): Promise<string> {
    const { projection } = await this.tournaments.existing(tournamentId);
    return crossTableCsv(crossTable(projection.state, projection.standings()));
  }

  @Get(':tournamentId/cross-table.html')
  @Header('content-type', 'text/html; charset=utf-8')
  @ApiOkResponse({ description: 'The result form of 000 附录一 as a printable page (成绩表).' })
  async crossTablePage(@ZodParam('tournamentId', TournamentIdSchema) tournamentId: string): Promise<string> {
    const { projection } = await this.tournaments.existing(tournamentId);
    return crossTableHtml(
      projection.state.created?.name ?? tournamentId,
      crossTable(projection.state, projection.standings()),
    );
  }

  @Get(':tournamentId/rounds/:round/deal-sheets.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOkResponse({
    description: 'The round’s 计副制 score sheets (000 附录三): levels per deal, 牌级, 级分, 场分.',
  })
  @ApiNotFoundResponse({ description: 'No such tournament or round.' })
  async dealSheetsCsv(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodParam('round', RoundParamSchema) round: number,
  ): Promise<string> {
    const { held, sheets } = await this.dealSheets(tournamentId, round);
    return dealSheetsCsv(held.round, sheets);
  }

  @Get(':tournamentId/rounds/:round/deal-sheets.html')
  @Header('content-type', 'text/html; charset=utf-8')
  @ApiOkResponse({
    description: 'The round’s 计副制 score sheets (000 附录三), one printable page per table.',
  })
  @ApiNotFoundResponse({ description: 'No such tournament or round.' })
  async dealSheetsPage(
    @ZodParam('tournamentId', TournamentIdSchema) tournamentId: string,
    @ZodParam('round', RoundParamSchema) round: number,
  ): Promise<string> {
    const { title, held, sheets } = await this.dealSheets(tournamentId, round);
    return dealSheetsHtml(title, held.round, sheets);
  }

  private async dealSheets(tournamentId: string, round: number) {
    const { projection } = await this.tournaments.existing(tournamentId);
    const held = projection.state.rounds[round - 1];
    if (held === undefined)
      throw new NotFoundError(`tournament ${tournamentId} has no round ${String(round)}`);
    const levels = await this.tournaments.dealLevels(held);
    return {
      title: projection.state.created?.name ?? tournamentId,
      held,
      sheets: dealSheets(held, projection.state.entrants, levels),
    };
  }

  private async written(
    tournamentId: string,
    requests: Parameters<TournamentService['run']>[1],
    principal: Principal,
  ): Promise<Written> {
    const { events, revision } = await this.tournaments.run(tournamentId, requests, principal);
    return { tournamentId, revision, events };
  }
}
