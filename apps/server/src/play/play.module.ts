import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { SeatCommandService } from './seat-commands.service';
import { SeatTokensController } from './seat-tokens.controller';
import { SeatViewGateway } from './seat-view.gateway';

/** The player terminal's server side: seat tokens, a seat's commands and its view. */
@Module({
  imports: [MatchesModule],
  controllers: [SeatTokensController],
  providers: [SeatCommandService, SeatViewGateway],
})
export class PlayModule {}
