import { Controller, Delete, Get, Param, Post } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Principal } from '../auth/principal.decorator';
import { RequireRoles } from '../auth/roles.decorator';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody } from '../http/zod-pipe';
import { SeatBotRequestSchema, type SeatBotRequest, type SeatedBot } from './seat-bot-requests';
import { SeatBots } from './seat-bots.service';

/** Bots on seats (DDZ-GEN-3): the referee or the table's operator seats and unseats them. */
@ApiTags('seat-bots')
@ApiBearerAuth()
@Controller('api/seat-bots')
export class SeatBotsController {
  constructor(private readonly bots: SeatBots) {}

  @Post()
  @RequireRoles('operator', 'referee')
  @ApiZodBody(SeatBotRequestSchema, {
    description: 'A bot plays this seat of the match from now on, through the command path.',
    examples: {
      seat2: { summary: 'A bot on seat 2', value: { matchId: 'ddz_final_t1', seat: 2, paceMs: 1500 } },
      bigtwoW: { summary: 'A bot on Big Two’s seat W', value: { matchId: 'b2_final_t1', seat: 'W' } },
    },
  })
  @ApiCreatedResponse({ description: 'The bot is seated.' })
  @ApiNotFoundResponse({ description: 'No such match.' })
  seat(
    @ZodBody(SeatBotRequestSchema) body: SeatBotRequest,
    @Principal() principal: Principal,
  ): Promise<SeatedBot> {
    return this.bots.seat(body, principal);
  }

  @Get()
  @RequireRoles('operator', 'referee')
  @ApiOkResponse({ description: 'Every seated bot.' })
  list(): SeatedBot[] {
    return this.bots.list();
  }

  @Delete(':matchId/:seat')
  @RequireRoles('operator', 'referee')
  @ApiOkResponse({ description: 'Whether a bot was on the seat; it is gone now.' })
  async unseat(
    @Param('matchId') matchId: string,
    @Param('seat') seat: string,
  ): Promise<{ removed: boolean }> {
    return { removed: await this.bots.unseat(matchId, seat) };
  }
}
