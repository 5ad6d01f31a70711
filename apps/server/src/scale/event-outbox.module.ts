import { Module } from '@nestjs/common';
import { HealthModule } from '../health/health.module';
import { EventOutboxService } from './event-outbox.service';

/**
 * EVENTS_OUTBOX=kafka on the full server: the event log published to Kafka, in order per stream,
 * for consumers outside this process. The store comes from the global EventStoreModule.
 */
@Module({
  imports: [HealthModule],
  providers: [EventOutboxService],
  exports: [EventOutboxService],
})
export class EventOutboxModule {}
