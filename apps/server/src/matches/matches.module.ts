import { Module } from '@nestjs/common';
import { ENTROPY, systemEntropy } from '../clock/clock';
import { MatchCommandService } from './match-command.service';
import { MatchesController } from './matches.controller';

@Module({
  controllers: [MatchesController],
  providers: [MatchCommandService, { provide: ENTROPY, useValue: systemEntropy }],
  exports: [MatchCommandService],
})
export class MatchesModule {}
