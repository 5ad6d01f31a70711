import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { ProjectionsModule } from '../projections/projections.module';
import { TablesController } from './tables.controller';

/** The public table list behind the landing page at `/` (the page itself: http/landing-page.ts). */
@Module({
  imports: [ProjectionsModule, BroadcastModule],
  controllers: [TablesController],
})
export class LandingModule {}
