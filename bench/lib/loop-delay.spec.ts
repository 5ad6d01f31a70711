import { describe, expect, it } from 'vitest';
import { loopDelayFromMetrics } from './loop-delay';

const scrape = [
  '# HELP nodejs_eventloop_lag_max_seconds The maximum recorded event loop delay.',
  '# TYPE nodejs_eventloop_lag_max_seconds gauge',
  'nodejs_eventloop_lag_max_seconds 0.048758783',
  'nodejs_eventloop_lag_p90_seconds 0.010207231',
  'nodejs_eventloop_lag_p99_seconds 0.020267007',
  'nodejs_eventloop_lag_p99_seconds_extra 9',
].join('\n');

describe('loopDelayFromMetrics', () => {
  it("reads the server's event-loop lag p99 and max from a Prometheus scrape, in ms", () => {
    const delay = loopDelayFromMetrics(scrape);
    expect(delay?.p99).toBeCloseTo(20.267, 3);
    expect(delay?.max).toBeCloseTo(48.759, 3);
  });

  it('is undefined when the scrape lacks either figure', () => {
    expect(loopDelayFromMetrics('nodejs_eventloop_lag_max_seconds 0.04')).toBeUndefined();
    expect(loopDelayFromMetrics('')).toBeUndefined();
  });
});
