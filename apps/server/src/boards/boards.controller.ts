import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Principal } from '../auth/principal.decorator';
import { RequireRoles } from '../auth/roles.decorator';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody } from '../http/zod-pipe';
import {
  CreateBoardsSchema,
  DealBoardRequestSchema,
  type BoardSetCreated,
  type CreateBoards,
  type DealBoardRequest,
} from './board-requests';
import { BoardSets, type BoardDealt, type BoardResults } from './board-sets.service';
import type { BoardVerification } from './board-verification';

/** Duplicate boards: a sealed set, dealt at tables; anyone may read the results and verify the deals. */
@ApiTags('boards')
@Controller('api/boards')
export class BoardsController {
  constructor(private readonly boards: BoardSets) {}

  @Post()
  @ApiBearerAuth()
  @RequireRoles('referee')
  @ApiZodBody(CreateBoardsSchema, {
    description:
      'A set of duplicate boards for a game: board ids and their public commitments (seeds stay sealed).',
    examples: { final: { summary: 'Six Dou Dizhu boards', value: { game: 'doudizhu', boards: 6 } } },
  })
  @ApiCreatedResponse({ description: 'The set, each board with its commitment.' })
  create(@ZodBody(CreateBoardsSchema) body: CreateBoards): BoardSetCreated {
    return this.boards.create(body);
  }

  @Post(':boardId/deal')
  @HttpCode(200)
  @ApiBearerAuth()
  @RequireRoles('operator', 'referee')
  @ApiZodBody(DealBoardRequestSchema, {
    description:
      "Deal the board at a match's table, at the revision the sender saw: the identical deal every table gets.",
    examples: { table1: { summary: 'Board 1 at table 1', value: { matchId: 'ddz_final_t1', revision: 0 } } },
  })
  @ApiOkResponse({ description: "The match's new revision and the board's commitment." })
  @ApiNotFoundResponse({ description: 'No such board or match.' })
  @ApiConflictResponse({ description: 'The revision sent is stale.' })
  @ApiUnprocessableEntityResponse({ description: 'The table may not start a board now (the rule is named).' })
  deal(
    @Param('boardId') boardId: string,
    @ZodBody(DealBoardRequestSchema) body: DealBoardRequest,
    @Principal() principal: Principal,
  ): Promise<BoardDealt> {
    return this.boards.deal(boardId, body, principal);
  }

  @Post(':boardId/close')
  @HttpCode(200)
  @ApiBearerAuth()
  @RequireRoles('referee')
  @ApiOkResponse({
    description:
      'The organiser closes the board (a table will not finish it): its deal is revealed at every table that has played it, and it is dealt nowhere any more.',
  })
  @ApiNotFoundResponse({ description: 'No such board.' })
  close(@Param('boardId') boardId: string): Promise<BoardVerification> {
    return this.boards.close(boardId);
  }

  @Get('sets/:setId/verify')
  @ApiOkResponse({ description: 'Every board of the set, verified as `:boardId/verify` does.' })
  @ApiNotFoundResponse({ description: 'No such set.' })
  verifySet(@Param('setId') setId: string): Promise<BoardVerification[]> {
    return this.boards.verifySet(setId);
  }

  @Get(':boardId/results')
  @ApiOkResponse({ description: "Each table's result of the board (BoardResult), null until played." })
  results(@Param('boardId') boardId: string): Promise<BoardResults> {
    return this.boards.results(boardId);
  }

  @Get(':boardId/verify')
  @ApiOkResponse({
    description:
      "Each table's DeckCommitted against the board's commitment, and each deal its log reveals (once every table has played the board) against its commitment.",
  })
  verify(@Param('boardId') boardId: string): Promise<BoardVerification> {
    return this.boards.verify(boardId);
  }
}
