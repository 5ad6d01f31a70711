import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedProducer } from '../broadcast/feed-producer.service';
import type { Clock } from '../clock/clock';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { startTestServer, type TestServer } from '../testing/test-server';

interface Readiness {
  ready: boolean;
  checks: { name: string; ok: boolean; detail?: string }[];
}

describe('the feeds readiness check (real Nest app)', () => {
  let server: TestServer;
  // The server's CLOCK: the system's, until the test makes it leap an hour ahead of the monotonic
  // clock at every reading (so the producer's own watchdog ticks see a fault too and the answer
  // does not depend on timing), and then steps it back.
  let leaping = false;
  let leaps = 0;
  const clock: Clock = {
    now: () => {
      if (!leaping) return Date.now();
      leaps += 1;
      return Date.now() + leaps * 3_600_000;
    },
  };

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
  });
  afterAll(async () => {
    await server.stop();
  });

  const readyz = async (): Promise<{ status: number; body: Readiness }> => {
    const response = await fetch(`${server.url}/readyz`);
    return { status: response.status, body: (await response.json()) as Readiness };
  };

  it('answers 503 naming "feeds" while the release clock guard is tripped, and 200 once it agrees again', async () => {
    const producer = server.app.get(FeedProducer);
    expect((await readyz()).body.checks).toContainEqual({ name: 'feeds', ok: true });

    leaping = true;
    producer.releaseDue();
    const tripped = await readyz();
    expect(tripped.status).toBe(503);
    expect(tripped.body.checks).toContainEqual({
      name: 'feeds',
      ok: false,
      detail: 'release clock disagrees with the monotonic clock',
    });

    // Stepped back, it is a fault once more; after one clean interval it is ready again.
    leaping = false;
    producer.releaseDue();
    producer.releaseDue();
    const recovered = await readyz();
    expect(recovered.status).toBe(200);
    expect(recovered.body.checks).toContainEqual({ name: 'feeds', ok: true });
  });
});

describe('the feeds readiness check when the log goes away (real Nest app)', () => {
  it('answers 503 naming "feeds" once the producer has lost its log subscription', async () => {
    const server = await startTestServer();
    try {
      const store = server.app.get<AppEventStore>(EVENT_STORE);
      await store.close();
      const deadline = Date.now() + 10_000;
      let body: Readiness | undefined;
      while (Date.now() < deadline) {
        const response = await fetch(`${server.url}/readyz`);
        body = (await response.json()) as Readiness;
        if (body.checks.some((c) => c.name === 'feeds' && !c.ok)) {
          expect(response.status).toBe(503);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(body?.checks.find((c) => c.name === 'feeds')).toMatchObject({
        ok: false,
        detail: expect.stringMatching(/^log subscription failed: /) as unknown,
      });
    } finally {
      await server.stop();
    }
  });
});
