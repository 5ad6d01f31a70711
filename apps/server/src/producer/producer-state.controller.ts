import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { MatchIdSchema, type ProducerState } from '@tablecast/protocol';
import { z } from 'zod';
import { RequireRoles } from '../auth/roles.decorator';
import { ZodQuery } from '../http/zod-pipe';
import { ProducerStateService } from './producer-state.service';

const stateQuery = z.object({ matchId: MatchIdSchema.optional() });

/** The producer dashboard's one poll. */
@ApiTags('producer')
@ApiBearerAuth()
@RequireRoles('producer')
@Controller('api/producer/state')
export class ProducerStateController {
  constructor(private readonly producerState: ProducerStateService) {}

  @Get()
  @ApiQuery({ name: 'matchId', required: false, description: 'The match whose delay clock to show.' })
  @ApiOkResponse({
    description:
      '{ serverNow, obs: [{ name, url, state, sceneState, stats|null }], rundown, pages, delay|null, director }',
  })
  get(@ZodQuery(stateQuery) query: z.output<typeof stateQuery>): Promise<ProducerState> {
    return this.producerState.state(query.matchId);
  }
}
