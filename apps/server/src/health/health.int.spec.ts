import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredEvent, Subscription } from '@tablecast/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { startTestServer, type TestServer } from '../testing/test-server';
import { ReadinessService } from './readiness.service';

describe('operations endpoints (real Nest app on a loopback port)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('GET /healthz answers ok with the server version', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', version: '0.1.0' });
  });

  it('GET /readyz is ready and lists its checks', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ready: boolean; checks: { name: string; ok: boolean }[] };
    expect(body.ready).toBe(true);
    expect(body.checks.map((c) => [c.name, c.ok])).toEqual([
      ['data-dir', true],
      ['event-store', true],
      ['projections', true],
      ['feeds', true],
    ]);
  });

  it('GET /metrics serves Prometheus text with build info and process metrics', async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const body = await response.text();
    expect(body).toContain('tablecast_build_info{version="0.1.0"} 1');
    expect(body).toContain('process_cpu_user_seconds_total');
  });

  it("GET /metrics counts the SQLite log's appends and where their time went (TC-SCALE-2)", async () => {
    const store = server.app.get<AppEventStore>(EVENT_STORE);
    const appendsOnMetrics = async (): Promise<number> => {
      const body = await (await fetch(`${server.url}/metrics`)).text();
      for (const name of [
        'tablecast_event_log_append_lock_waits_total',
        'tablecast_event_log_append_lock_wait_seconds_total',
        'tablecast_event_log_append_transaction_seconds_total',
        'tablecast_event_log_append_commit_seconds_total',
      ])
        expect(body).toMatch(new RegExp(`^${name} [0-9.e-]+$`, 'm'));
      return Number(/^tablecast_event_log_appends_total (\d+)$/m.exec(body)?.[1]);
    };
    const before = await appendsOnMetrics();
    await store.log.append(
      'metrics-probe',
      [
        {
          type: 'Probe',
          data: {},
          metadata: {
            eventId: '00000000-0000-4000-8000-000000000001',
            correlationId: 'metrics-probe',
            causationId: null,
            actor: { id: 'health-test', role: 'system' },
            recordedAt: '2026-11-30T00:00:00.000Z',
            schemaVersion: 1,
          },
        },
      ],
      'no_stream',
    );
    expect(await appendsOnMetrics()).toBe(before + 1);
  });

  it('serves the OpenAPI page at /docs and a document listing the endpoints', async () => {
    const page = await fetch(`${server.url}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    const document = (await (await fetch(`${server.url}/docs-json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/metrics']));
  });

  it('answers an unknown route with 404', async () => {
    expect((await fetch(`${server.url}/nope`)).status).toBe(404);
  });
});

describe('readiness when a check fails', () => {
  it('GET /readyz answers 503 and names the failing check', async () => {
    const server = await startTestServer();
    try {
      server.app.get(ReadinessService).register('broadcast-clock', () => ({
        name: 'broadcast-clock',
        ok: false,
        detail: 'not open',
      }));
      const response = await fetch(`${server.url}/readyz`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { ready: boolean; checks: unknown[] };
      expect(body.ready).toBe(false);
      expect(body.checks).toContainEqual({ name: 'broadcast-clock', ok: false, detail: 'not open' });
    } finally {
      await server.stop();
    }
  });

  it('the event-store check is not ready while a log subscription resubscribes after a dropped connection, and ready again after', async () => {
    const server = await startTestServer();
    try {
      const store = server.app.get<AppEventStore>(EVENT_STORE);
      const subscribeToAll = store.log.subscribeToAll.bind(store.log);
      let opened = 0;
      // The first subscription the log opens now fails at once, as KurrentDB's does on a gRPC error.
      store.log.subscribeToAll = (options) => {
        opened += 1;
        if (opened > 1) return subscribeToAll(options);
        const failing: Subscription<StoredEvent> = {
          [Symbol.asyncIterator]: () => ({
            next: () => Promise.reject(new Error('14 UNAVAILABLE: leader lost')),
          }),
          close: () => Promise.resolve(),
        };
        return failing;
      };
      const subscription = store.subscribeToAll();
      const reading = (async () => {
        for await (const event of subscription) return event.stream;
        return undefined;
      })();
      await vi.waitFor(async () => {
        const response = await fetch(`${server.url}/readyz`);
        expect(response.status).toBe(503);
        const body = (await response.json()) as { checks: { name: string; ok: boolean; detail?: string }[] };
        const check = body.checks.find((c) => c.name === 'event-store');
        expect(check?.ok).toBe(false);
        expect(check?.detail).toContain('14 UNAVAILABLE: leader lost');
      });
      // Resubscribed on the real log, which holds: ready again once it has stayed up a moment.
      await vi.waitFor(
        async () => {
          expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
        },
        { timeout: 10_000 },
      );
      expect(opened).toBe(2);
      await subscription.close();
      await expect(reading).resolves.toBeUndefined();
    } finally {
      await server.stop();
    }
  });
});
