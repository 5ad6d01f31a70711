import { Module } from '@nestjs/common';
import { SharedProjectionsModule } from '../projections/shared-projections.module';

/**
 * TABLECAST_ROLE=projector (docs/deployment.md): the shared read models and nothing else. It
 * contends for the projections lease (TC-SCALE-1) and, while it holds it, projects the SQLite log
 * into TABLECAST_LOG_DIR/projections.sqlite for the api processes with API_PROJECTIONS=projector,
 * which only read it; another projector stands by and takes over when the lease lapses. No read
 * API (the runner without ProjectionsModule's controller), no commands, feeds or singletons: with
 * a core of its own it keeps the projection off the api processes' event loops.
 */
@Module({
  imports: [SharedProjectionsModule],
})
export class ProjectorRoleModule {}
