import { Injectable } from '@nestjs/common';
import type { KafkaReceiveTiming } from '@tablecast/bus';
import { Summary } from 'prom-client';
import { MetricsService } from '../metrics/metrics.service';

/** Quantiles kept by both summaries: enough to tell a slow median from a tail. */
const PERCENTILES = [0.5, 0.9, 0.99];

/**
 * Where a frame's time goes inside a gateway, per frame, on /metrics: the bus hop (the full
 * server's publish to this process's receive: Kafka only) and the fan-out (receive to the last
 * client's socket write returning). A spectator's latency is the match side (event recorded to
 * publish), these two, and the network to the spectator; the feeds bench reads them to say which
 * part a tail comes from. Summaries, so the quantiles need no bucket guesses.
 */
@Injectable()
export class FeedTimingMetrics {
  private readonly busLag: Summary;
  private readonly fanOut: Summary;

  constructor(metrics: MetricsService) {
    this.busLag = new Summary({
      name: 'tablecast_feed_bus_lag_seconds',
      help: "Per frame fetched from Kafka: the producer's publish (the record's timestamp) to this gateway's receive.",
      percentiles: PERCENTILES,
      registers: [metrics.registry],
    });
    this.fanOut = new Summary({
      name: 'tablecast_feed_fanout_seconds',
      help: "Per fan-out (a match audience's frames that arrived in one event-loop turn, written together): from the first one's arrival in the feed hub to the last write to its clients returning.",
      percentiles: PERCENTILES,
      registers: [metrics.registry],
    });
  }

  received(timing: KafkaReceiveTiming): void {
    // Clocks of two processes on one host in the bench; across hosts, as good as their NTP.
    this.busLag.observe(Math.max(0, timing.receivedAtMs - timing.publishedAtMs) / 1000);
  }

  fannedOut(millis: number): void {
    this.fanOut.observe(millis / 1000);
  }
}
