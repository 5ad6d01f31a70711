import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { ObsModule } from '../obs/obs.module';
import { CommentaryController } from './commentary/commentary.controller';
import { CommentaryService } from './commentary/commentary.service';
import { FeedWatch } from './feed-watch.service';
import { MatchSeats } from './match-seats';
import { OverlayCuesService } from './overlay-cues.service';
import { OverlayPagesRegistry } from './overlay-pages.registry';
import { ProducerPagesController } from './producer-pages.controller';
import { RundownController } from './rundown.controller';
import { RundownService } from './rundown.service';
import { RundownStore } from './rundown.store';

/**
 * The producer's API: connected overlay pages, remote refresh and manual
 * moments, and the rundown. The gateway imports it to register pages; the director imports it for the cues.
 */
@Module({
  imports: [BroadcastModule, ObsModule],
  controllers: [ProducerPagesController, RundownController, CommentaryController],
  providers: [
    CommentaryService,
    FeedWatch,
    MatchSeats,
    OverlayPagesRegistry,
    OverlayCuesService,
    RundownStore,
    RundownService,
  ],
  exports: [OverlayPagesRegistry, OverlayCuesService, FeedWatch, RundownService, MatchSeats],
})
export class ProducerModule {}
