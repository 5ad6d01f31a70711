import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Redirect } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Principal } from '../auth/principal.decorator';
import { mayOperateTable } from '../auth/roles';
import { RequireRoles } from '../auth/roles.decorator';
import { SeatTokenRegistry } from '../auth/seat-tokens';
import { ForbiddenError } from '../errors';
import { MatchCommandService } from '../matches/match-command.service';
import { SeatCommandService, type SeatCommandAccepted } from './seat-commands.service';

/** One seat's link for its terminal: open it on that player's tablet. */
export interface SeatTokenAnswer {
  readonly seat: string;
  readonly token: string;
  readonly url: string;
}

/** The terminal's page for a seat; the token rides in the fragment, which never reaches a server log. */
export function terminalUrl(matchId: string, token: string): string {
  return `/overlays/play/?match=${encodeURIComponent(matchId)}#token=${token}`;
}

@ApiTags('play')
@Controller()
export class SeatTokensController {
  constructor(
    private readonly matches: MatchCommandService,
    private readonly tokens: SeatTokenRegistry,
    private readonly seatCommands: SeatCommandService,
  ) {}

  @Post('api/matches/:matchId/seat-tokens')
  @RequireRoles('operator', 'referee')
  @ApiBearerAuth()
  @ApiCreatedResponse({
    description: 'One token per seat (replacing any issued before), each with its terminal URL.',
  })
  async issue(
    @Param('matchId') matchId: string,
    @Principal() principal: Principal,
  ): Promise<{ matchId: string; seats: SeatTokenAnswer[] }> {
    const match = await this.matches.read(matchId);
    if (principal.role !== 'referee' && !mayOperateTable(principal, match.table)) {
      throw new ForbiddenError(`${principal.actorId} may not issue seat tokens for table ${match.table}`);
    }
    const seats = this.tokens
      .issue(matchId, match.module.seats)
      .map(({ seat, token }) => ({ seat, token, url: terminalUrl(matchId, token) }));
    return { matchId, seats };
  }

  @Post('api/play/:matchId/commands')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'A seat token’s own move: 403 for another seat, match or command.' })
  command(
    @Param('matchId') matchId: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
  ): Promise<SeatCommandAccepted> {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    return this.seatCommands.execute(this.seatCommands.principal(token), matchId, body);
  }

  /** The short link the issue names (`/play/?match=…#token=…`); the browser keeps the fragment. */
  @Get('play')
  @Redirect('/overlays/play/', 302)
  short(@Query('match') match: string | undefined): { url: string } {
    return {
      url: match === undefined ? '/overlays/play/' : `/overlays/play/?match=${encodeURIComponent(match)}`,
    };
  }
}
