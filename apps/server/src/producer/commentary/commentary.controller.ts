import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MatchIdSchema } from '@tablecast/protocol';
import { RequireRoles } from '../../auth/roles.decorator';
import { RequestValidationError } from '../../errors';
import { CommentaryService, type CommentarySnapshot } from './commentary.service';

/**
 * The commentator page's data. The booth sits at the venue under the event's security
 * arrangements, so it needs a staff token: a public (venue or broadcast) client never gets every
 * hand with the legal plays beside them. Not a table operator's token: the operator sits at a
 * table, and the hands of a deal still being played are no business of that table.
 */
@ApiTags('producer')
@ApiBearerAuth()
@RequireRoles('referee', 'arbiter', 'producer')
@Controller('api/commentary')
export class CommentaryController {
  constructor(private readonly commentary: CommentaryService) {}

  @Get(':matchId')
  @ApiOkResponse({
    description:
      'The commentary feed’s latest view (every hand, delayed), with the legal plays of the seat to act, running stats per seat and the last tricks, all cut at the revision that view shows.',
  })
  async get(@Param('matchId') matchId: string): Promise<CommentarySnapshot> {
    const parsed = MatchIdSchema.safeParse(matchId);
    if (!parsed.success)
      throw new RequestValidationError([
        { path: 'matchId', message: parsed.error.issues[0]?.message ?? 'invalid' },
      ]);
    return this.commentary.snapshot(parsed.data);
  }
}
