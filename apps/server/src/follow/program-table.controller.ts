import { Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { TableIdSchema } from '@tablecast/protocol';
import { z } from 'zod';
import { RequireRoles } from '../auth/roles.decorator';
import { ApiZodBody } from '../http/api-zod-body';
import { ZodBody } from '../http/zod-pipe';
import { TableFollow } from './table-follow.service';

const programTableBody = z.object({ table: TableIdSchema.nullable() });
type ProgramTableBody = z.infer<typeof programTableBody>;

/**
 * The table the producer has on program. Pages opened with `onair=1` show that table's current
 * match and move when the producer puts another table on program.
 */
@ApiTags('producer')
@ApiBearerAuth()
@RequireRoles('producer')
@Controller('api/producer/program-table')
export class ProgramTableController {
  constructor(private readonly follow: TableFollow) {}

  @Get()
  @ApiOkResponse({
    description: '{ table, matchId }: the table on program (null: none) and its current match.',
  })
  get(): { table: string | null; matchId: string | null } {
    const table = this.follow.programTable;
    return { table, matchId: table === null ? null : this.follow.matchAt(table) };
  }

  @Put()
  @ApiZodBody(programTableBody, {
    description: 'Puts a table on program (null: none); every page opened with onair=1 follows it.',
    examples: { final: { summary: 'The final table', value: { table: 'final-1' } } },
  })
  @ApiOkResponse({ description: '{ table, matchId }, as GET answers after the change.' })
  put(@ZodBody(programTableBody) body: ProgramTableBody): { table: string | null; matchId: string | null } {
    this.follow.setProgramTable(body.table);
    return this.get();
  }
}
