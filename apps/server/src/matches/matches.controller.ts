import { Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { gameWires } from '@tablecast/games';
import {
  CommandEnvelopeSchema,
  CreateMatchEnvelopeSchema,
  GameRequestSchema,
  IdempotencyKeySchema,
  type CommandAccepted,
  type GameRequest,
} from '@tablecast/protocol';
import { Principal } from '../auth/principal.decorator';
import { RequireRoles } from '../auth/roles.decorator';
import { ApiGameBodies } from '../http/api-zod-body';
import { parseInput } from '../http/parse-body';
import { ZodBody } from '../http/zod-pipe';
import { MatchCommandService } from './match-command.service';
import { COMMAND_EXAMPLES, CREATE_MATCH_EXAMPLES } from './matches.openapi-examples';

/** Thin HTTP shell over the match service: the edge parses the body, the guard checks the role; delegate. */
@ApiTags('matches')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing or unknown token.' })
@ApiForbiddenResponse({ description: 'The role (or the operator table) may not do this.' })
@Controller('api/matches')
export class MatchesController {
  constructor(private readonly matches: MatchCommandService) {}

  @Post()
  @RequireRoles('operator', 'referee')
  @ApiGameBodies(CreateMatchEnvelopeSchema, gameWires().map((wire) => wire.createSchema), {
    description:
      "The match and its table, and the game's setup (one form per game; Guandan when `game` is absent): for Guandan its ruleset and format, the two pairs and the four players by seat (names as they appear on air). 400 names the field.",
    examples: CREATE_MATCH_EXAMPLES,
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Unique per intended match (8-128 of A-Z a-z 0-9 _ . : -): a resend of the same body with it gets the first answer; with another body, 409 IdempotencyKeyReused. Without it, a second create of the id is 409 MatchExists.',
  })
  @ApiCreatedResponse({ description: 'The match stream was created; answers its revision.' })
  @ApiConflictResponse({
    description:
      'A match with this id exists (and this create is no resend of it), or the key was used for another body.',
  })
  create(
    // The edge reads the game; the service reads the rest with that game's schemas (a 400 names each field).
    @ZodBody(GameRequestSchema) body: GameRequest,
    @Principal() principal: Principal,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<CommandAccepted> {
    const key =
      idempotencyKey === undefined
        ? undefined
        : parseInput(IdempotencyKeySchema, idempotencyKey, 'Idempotency-Key');
    return this.matches.create(body, principal, key);
  }

  @Post(':matchId/commands')
  @HttpCode(200)
  @RequireRoles('operator', 'referee')
  @ApiGameBodies(CommandEnvelopeSchema, gameWires().map((wire) => wire.commandSchema), {
    description:
      "One command of the match's game (one form per game; Guandan when `game` is absent) with the match revision the sender last saw (409 if stale) and a key unique per intended command (a retry with it returns the first answer).",
    examples: COMMAND_EXAMPLES,
  })
  @ApiOkResponse({ description: 'Accepted: the events written and the new revision.' })
  @ApiConflictResponse({ description: 'The revision sent is stale, or another command won the race.' })
  @ApiUnprocessableEntityResponse({ description: 'A rule forbids it; the body names the rule ID.' })
  command(
    @Param('matchId') matchId: string,
    @ZodBody(GameRequestSchema) body: GameRequest,
    @Principal() principal: Principal,
  ): Promise<CommandAccepted> {
    return this.matches.execute(matchId, body, principal);
  }
}
