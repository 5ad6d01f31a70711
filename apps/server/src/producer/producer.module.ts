import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { CLOCK, systemClock } from '../clock/clock';
import { OverlayCuesService } from './overlay-cues.service';
import { OverlayPagesRegistry } from './overlay-pages.registry';
import { ProducerPagesController } from './producer-pages.controller';

/**
 * The producer's API (issue 9 part two): connected overlay pages, remote refresh and manual
 * moments. The gateway imports it to register pages; the director imports it for the cues.
 */
@Module({
  imports: [BroadcastModule],
  controllers: [ProducerPagesController],
  providers: [OverlayPagesRegistry, OverlayCuesService, { provide: CLOCK, useValue: systemClock }],
  exports: [OverlayPagesRegistry, OverlayCuesService],
})
export class ProducerModule {}
