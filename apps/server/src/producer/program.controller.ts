import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { TableIdSchema, type ProgramView } from '@tablecast/protocol';
import { z } from 'zod';
import { RequireRoles } from '../auth/roles.decorator';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody, ZodParam } from '../http/zod-pipe';
import { TournamentIdSchema } from '../tournaments/tournament-requests';
import { ProgramService } from './program.service';

const previewBody = z.strictObject({ table: TableIdSchema.nullable() });
const takeBody = z.strictObject({ table: TableIdSchema.optional() }).optional();
const tournamentBody = z.strictObject({ tournamentId: TournamentIdSchema.nullable() });
const proposalId = z.string().regex(/^p[0-9]{1,12}$/, 'must be a proposal id such as p12');

const PROGRAM = {
  description:
    '{ onAir, preview, tournamentId, round, tables: [{ table, number, matchId, live, delay, onAir, preview }], proposals }',
};

/**
 * The producer's program with several tables: preview a table, take it on air (every page opened
 * with `onair=1` follows it), choose the tournament whose round is listed, and take or dismiss the
 * auto-director's proposals. `/ws/producer` pushes the same view at each change.
 */
@ApiTags('producer')
@ApiBearerAuth()
@RequireRoles('producer')
@Controller('api/producer/program')
export class ProgramController {
  constructor(private readonly program: ProgramService) {}

  @Get()
  @ApiOkResponse(PROGRAM)
  get(): ProgramView {
    return this.program.view();
  }

  @Put('preview')
  @ApiZodBody(previewBody, {
    description: 'Puts a table of the program in preview (null: none).',
    examples: { table2: { summary: 'Table 2', value: { table: 't2' } } },
  })
  @ApiOkResponse(PROGRAM)
  preview(@ZodBody(previewBody) body: z.output<typeof previewBody>): ProgramView {
    return this.program.setPreview(body.table);
  }

  @Post('take')
  @HttpCode(200)
  @ApiZodBody(takeBody, {
    description: 'Takes a table on air: the one named, or the one in preview.',
    examples: {
      preview: { summary: 'The table in preview', value: {} },
      table2: { summary: 'Table 2', value: { table: 't2' } },
    },
  })
  @ApiOkResponse(PROGRAM)
  take(@ZodBody(takeBody, { emptyIsAbsent: true }) body: z.output<typeof takeBody>): ProgramView {
    return this.program.take(body?.table);
  }

  @Put('tournament')
  @ApiZodBody(tournamentBody, {
    description: "Lists the tables of that tournament's current round (null: every table with a match).",
    examples: { open: { summary: 'An event', value: { tournamentId: 'open2026' } } },
  })
  @ApiOkResponse(PROGRAM)
  tournament(@ZodBody(tournamentBody) body: z.output<typeof tournamentBody>): Promise<ProgramView> {
    return this.program.setTournament(body.tournamentId);
  }

  @Post('proposals/:id/take')
  @HttpCode(200)
  @ApiOkResponse(PROGRAM)
  takeProposal(@ZodParam('id', proposalId) id: string): ProgramView {
    return this.program.takeProposal(id);
  }

  @Post('proposals/:id/dismiss')
  @HttpCode(200)
  @ApiOkResponse(PROGRAM)
  dismissProposal(@ZodParam('id', proposalId) id: string): ProgramView {
    return this.program.dismissProposal(id);
  }
}
