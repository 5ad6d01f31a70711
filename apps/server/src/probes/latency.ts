/** The `p`-th percentile (0–100) of some samples, nearest-rank; NaN for none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/**
 * Polls `/healthz` one request at a time until stopped, keeping each answer's status and time:
 * what a load balancer's probe would see while the server is under attack.
 */
export function watchHealth(baseUrl: string): { stop(): Promise<{ statuses: number[]; ms: number[] }> } {
  const statuses: number[] = [];
  const ms: number[] = [];
  const state = { running: true };
  const loop = (async () => {
    while (state.running) {
      const start = performance.now();
      try {
        const response = await fetch(`${baseUrl}/healthz`);
        await response.arrayBuffer();
        statuses.push(response.status);
      } catch {
        statuses.push(0);
      }
      ms.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      state.running = false;
      await loop;
      return { statuses, ms };
    },
  };
}

/**
 * Counts unhandled rejections and uncaught exceptions until stopped: in the server's own process
 * (node's default) either one would end it, so a probe that caused one crashed the server.
 */
export function watchCrashes(): { stop(): string[] } {
  const seen: string[] = [];
  const record = (reason: unknown): void => {
    seen.push(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason));
  };
  process.on('unhandledRejection', record);
  process.on('uncaughtException', record);
  return {
    stop() {
      process.off('unhandledRejection', record);
      process.off('uncaughtException', record);
      return seen;
    },
  };
}
