/** The event-loop lag p99 and max (ms) in a Prometheus text scrape of the server, if it has them. */
export function loopDelayFromMetrics(text: string): { p99: number; max: number } | undefined {
  const value = (name: string): number | undefined => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.slice(name.length + 1)) * 1000;
  };
  const p99 = value('nodejs_eventloop_lag_p99_seconds');
  const max = value('nodejs_eventloop_lag_max_seconds');
  return p99 === undefined || max === undefined ? undefined : { p99, max };
}
