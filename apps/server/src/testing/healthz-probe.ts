import { performance } from 'node:perf_hooks';

/**
 * Asks /healthz one request at a time until stopped, and gives the 99th percentile of the
 * answers' times in ms: how a probe under attack checks the server still answers.
 */
export function healthzProbe(url: string): { stop(): Promise<number> } {
  const times: number[] = [];
  const state = { running: true };
  let failure: Error | undefined;
  const loop = (async (): Promise<void> => {
    while (state.running) {
      const start = performance.now();
      const response = await fetch(`${url}/healthz`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`/healthz answered ${String(response.status)}`);
      times.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })().catch((error: unknown) => {
    // Kept for stop(): a probe left running by a failed test must not fail the run elsewhere.
    failure = error instanceof Error ? error : new Error(String(error));
  });
  return {
    async stop() {
      state.running = false;
      await loop;
      if (failure !== undefined) throw failure;
      const sorted = [...times].sort((a, b) => a - b);
      if (sorted.length === 0) throw new Error('/healthz was never answered');
      return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
    },
  };
}
