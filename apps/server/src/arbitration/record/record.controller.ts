import { Controller, Get, Header, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { RequireRoles } from '../../auth/roles.decorator';
import { CLOCK, type Clock } from '../../clock/clock';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import type { AppEventStore } from '../../event-store/event-store.module';
import { MatchNotFoundError } from '../../matches/match.errors';
import { matchLogCatalog, recordHtmlFromExport } from '@tablecast/games';
import { buildMatchExport, type MatchExport } from '@tablecast/replay';
import { appealStream } from '@tablecast/events';
import { ARBITRATION_LOOKUPS, type ArbitrationLookups } from '../arbitration-lookups';

/** The match record for staff: the printable score sheet and the export with hashes. */
@ApiTags('arbitration')
@ApiBearerAuth()
@RequireRoles('referee', 'arbiter')
@Controller('api/matches')
export class RecordController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ARBITRATION_LOOKUPS) private readonly lookups: Pick<ArbitrationLookups, 'appealIdsOf'>,
  ) {}

  @Get(':matchId/record.html')
  @Header('content-type', 'text/html; charset=utf-8')
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'The A4 score sheet (TRN-SCORE-5) with corrections and rulings.' })
  async record(@Param('matchId') matchId: string): Promise<string> {
    return recordHtmlFromExport(await this.export(matchId));
  }

  @Get(':matchId/export')
  @ApiOkResponse({
    description: 'The match and appeal streams as stored, with the hash-chain verification and rulings.',
  })
  async export(@Param('matchId') matchId: string): Promise<MatchExport> {
    let exported: MatchExport | null;
    try {
      // The match's appeals by key from the arbitration index, not from a read of the whole log.
      exported = await buildMatchExport(
        this.store.log,
        matchId,
        new Date(this.clock.now()),
        matchLogCatalog,
        async (id) => (await this.lookups.appealIdsOf(id)).map(appealStream),
      );
    } catch (error) {
      if (error instanceof RangeError) throw new MatchNotFoundError(matchId);
      throw error;
    }
    if (!exported) throw new MatchNotFoundError(matchId);
    return exported;
  }
}
