import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import type { Level } from 'pino';
import { pinoHttp } from 'pino-http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthenticatedRequest } from '../auth/auth.guard';
import { installRequestLog } from './request-log';

interface Line {
  level: number;
  msg: string;
  method: string;
  url: string;
  statusCode: number;
  responseTime: number;
  actor?: string;
}

/**
 * A real Fastify server (the server's platform, from Nest's adapter) whose one route answers
 * `?status=N` (or never, with `?hang`; as the auth guard would have let `?actor=` through), behind the request log writing to a real pino logger at
 * `level`; the log lines are captured as parsed JSON.
 */
async function serve(level: Level, slowMs?: number): Promise<{ url: string; lines: Line[] }> {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Line);
      done();
    },
  });
  // The logger nestjs-pino hands out as its root: pino-http's, with its req/res serializers.
  const logger = pinoHttp({ level }, sink).logger;
  const fastify: FastifyInstance = new FastifyAdapter().getInstance();
  server = fastify;
  installRequestLog(fastify, () => logger, slowMs);
  fastify.all<{ Querystring: { status?: string; hang?: string; actor?: string } }>('/*', (request, reply) => {
    if (request.query.hang !== undefined) return reply; // never answered
    const actorId = request.query.actor;
    if (actorId !== undefined)
      (request as AuthenticatedRequest).principal = { role: 'operator', table: 't1', actorId };
    return reply.code(Number(request.query.status ?? 200)).send({});
  });
  const url = await fastify.listen({ port: 0, host: '127.0.0.1' });
  return { url, lines };
}

let server: FastifyInstance | undefined;

afterEach(async () => {
  const closing = server;
  server = undefined;
  await closing?.close();
});

/**
 * Sends a request logged at every level (a 500) and waits for its line: lines are written in the
 * order requests finish, so every request answered before it has had its line written (or not)
 * by then. Returns the lines before the marker's, for "nothing else was logged".
 */
async function linesBeforeMarker(url: string, lines: Line[]): Promise<Line[]> {
  await fetch(`${url}/marker?status=500`);
  await vi.waitFor(() => {
    expect(lines.some((l) => l.url === '/marker?status=500')).toBe(true);
  });
  const at = lines.findIndex((l) => l.url === '/marker?status=500');
  expect(lines.slice(at + 1)).toEqual([]);
  return lines.slice(0, at);
}

/** Waits for the server's 'close' listener to have run (it runs after the client saw the answer). */
async function settled(lines: Line[], count: number): Promise<void> {
  for (let i = 0; i < 100 && lines.length < count; i += 1) await new Promise((r) => setTimeout(r, 10));
}

describe('request log (one line per request at a level chosen by how it ended)', () => {
  it('logs a server error at error with method, url and status, even at LOG_LEVEL=warn', async () => {
    const { url, lines } = await serve('warn');
    await fetch(`${url}/api/matches/m1/commands?status=500`, { method: 'POST' });
    await fetch(`${url}/api/matches/m1/state?status=200`);
    await settled(lines, 1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'request errored',
      method: 'POST',
      url: '/api/matches/m1/commands?status=500',
      statusCode: 500,
    });
    expect(typeof lines[0]?.responseTime).toBe('number');
  });

  it('logs a refused request (409, 422) at info and a success only at debug', async () => {
    const atInfo = await serve('info');
    await fetch(`${atInfo.url}/a?status=409`, { method: 'POST' });
    await fetch(`${atInfo.url}/b?status=422`, { method: 'POST' });
    await fetch(`${atInfo.url}/c?status=200`, { method: 'POST' });
    const refused = await linesBeforeMarker(atInfo.url, atInfo.lines);
    expect(refused.map((l) => [l.level, l.statusCode])).toEqual([
      [30, 409],
      [30, 422],
    ]);
    await server?.close();

    const atDebug = await serve('debug');
    await fetch(`${atDebug.url}/c?status=200`, { method: 'POST' });
    await settled(atDebug.lines, 1);
    expect(atDebug.lines.map((l) => [l.level, l.msg, l.statusCode])).toEqual([
      [20, 'request completed', 200],
    ]);
  });

  it('logs a slow request at warn', async () => {
    const { url, lines } = await serve('warn', 0);
    await fetch(`${url}/slow?status=200`);
    await settled(lines, 1);
    expect(lines.map((l) => [l.level, l.url])).toEqual([[40, '/slow?status=200']]);
  });

  it('logs a request the client gave up on at warn', async () => {
    const { url, lines } = await serve('warn');
    const client = httpRequest(`${url}/stuck?hang`);
    client.on('error', () => undefined);
    client.end();
    await new Promise((r) => setTimeout(r, 100));
    client.destroy();
    await settled(lines, 1);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[40, 'request aborted']]);
  });

  it('keeps probes and scrapes out of the log unless they fail, then at warn', async () => {
    const { url, lines } = await serve('debug');
    await fetch(`${url}/healthz?status=200`);
    await fetch(`${url}/metrics?status=200`);
    await fetch(`${url}/readyz?status=503`);
    const logged = await linesBeforeMarker(url, lines);
    expect(logged.map((l) => [l.level, l.url])).toEqual([[40, '/readyz?status=503']]);
  });

  it('redacts a token sent in the query string (or a fragment) from the URL of a refused request', async () => {
    const { url, lines } = await serve('info');
    await fetch(`${url}/api/matches?token=query-secret-0123456789&status=401`);
    await fetch(
      `${url}/overlays/replay/?match=m1%23token=frag-secret-0123456789&access_token=at-secret&status=404`,
    );
    await settled(lines, 2);
    expect(lines.map((l) => l.url)).toEqual([
      '/api/matches?token=[redacted]&status=401',
      '/overlays/replay/?match=m1%23token=[redacted]&access_token=[redacted]&status=404',
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/query-secret|frag-secret|at-secret/);
  });

  it('names the actor of a request the auth guard let through, each console its own', async () => {
    const { url, lines } = await serve('info');
    await fetch(`${url}/api/matches/m1/commands?status=409&actor=operator:t1%23a1b2c3`);
    await fetch(`${url}/api/matches/m1/commands?status=409`);
    await settled(lines, 2);
    expect(lines.map((l) => l.actor)).toEqual(['operator:t1#a1b2c3', undefined]);
  });

  it('never writes the request headers (the bearer token is one)', async () => {
    const { url, lines } = await serve('debug');
    await fetch(`${url}/api/whoami?status=401`, {
      headers: { authorization: 'Bearer secret-token-0123456789' },
    });
    await settled(lines, 1);
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });
});
