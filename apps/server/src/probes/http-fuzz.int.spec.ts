import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MatchClient, newMatchRequest } from '../testing/match-client';
import { staffedServerForSuite } from '../testing/staffed-server';
import { TEST_TOKENS } from '../testing/staff-tokens';
import { httpCase, KNOWN, type HttpCase } from './http-cases';
import { percentile, watchCrashes, watchHealth } from './latency';

const SEED = 26;
const CASES = 2_000;
const CONCURRENCY = 6;
/**
 * /healthz p99 while the fuzzer runs. Generous: the client shares the server's event loop, and the
 * 2-core machine may be running several suites at once (measured 400-530 ms at a load average of 20).
 */
const HEALTH_P99_MS = 1_000;

/**
 * A hostile client over loopback: a fixed-seed set of malformed requests (bodies, headers, paths,
 * tokens) against every API route of the real server. No answer may be a 5xx, every API refusal
 * has the error shape, and /healthz keeps answering fast throughout.
 */
describe('HTTP fuzzer (real server, fixed seed)', () => {
  const staff = staffedServerForSuite();

  it(`${String(CASES)} malformed requests: 0 answers >= 500, API refusals well-formed, /healthz p99 < ${String(HEALTH_P99_MS)} ms`, async () => {
    await seedKnownIds(staff.server.url);
    const cases = fc.sample(httpCase, { seed: SEED, numRuns: CASES });
    const health = watchHealth(staff.server.url);
    const crashes = watchCrashes();
    const failures: string[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < cases.length; i = next++) {
        const sent = cases[i];
        if (sent === undefined) continue;
        const problem = await probe(staff.server.url, sent);
        if (problem !== null) failures.push(`${sent.method} ${sent.path.slice(0, 120)}: ${problem}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const { statuses, ms } = await health.stop();
    expect(crashes.stop()).toEqual([]);

    expect(failures.slice(0, 10)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const p99 = percentile(ms, 99);
    expect(p99).toBeLessThan(HEALTH_P99_MS);
  }, 120_000);
});

describe('what the HTTP fuzzer found', () => {
  const staff = staffedServerForSuite();

  it('an error on a route that answers HTML (record.html) is a JSON error, not a 500', async () => {
    const response = await fetch(`${staff.server.url}/api/matches/%E4%B8%AD/record.html`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.referee}` },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ statusCode: 404, error: 'NotFound' });
  });

  it('the broadcast delay of an id that cannot name a match is a 404, read or set', async () => {
    const as = { authorization: `Bearer ${TEST_TOKENS.producer}`, 'content-type': 'application/json' };
    const read = await fetch(`${staff.server.url}/api/matches/h8%5D%5D/broadcast-delay`, { headers: as });
    expect(read.status).toBe(404);
    const set = await fetch(`${staff.server.url}/api/matches/%E4%B8%AD/broadcast-delay`, {
      method: 'PUT',
      headers: as,
      body: JSON.stringify({ delayMs: 5000 }),
    });
    expect(set.status).toBe(404);
  });
});

/** What was wrong with the server's answer to one case, or null. */
async function probe(baseUrl: string, sent: HttpCase): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${sent.path}`, {
      method: sent.method,
      headers: sent.headers,
      ...(sent.body === undefined ? {} : { body: sent.body }),
    });
  } catch (error) {
    return `no answer (${error instanceof Error ? error.message : String(error)})`;
  }
  const text = await response.text();
  if (response.status >= 500) return `${String(response.status)} ${text.slice(0, 200)}`;
  if (response.status >= 400 && sent.path.startsWith('/api/') && sent.method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `${String(response.status)} is not JSON: ${text.slice(0, 100)}`;
    }
    const { statusCode, message } = (body ?? {}) as { statusCode?: unknown; message?: unknown };
    if (statusCode !== response.status || typeof message !== 'string')
      return `${String(response.status)} without statusCode and message: ${text.slice(0, 100)}`;
  }
  return null;
}

/** A dealt match and an appeal on it, so fuzzed requests naming them reach the routes' logic. */
async function seedKnownIds(baseUrl: string): Promise<void> {
  const referee = new MatchClient(baseUrl, TEST_TOKENS.referee);
  const created = await referee.create(newMatchRequest(KNOWN.matchId));
  const dealt = await referee.send(KNOWN.matchId, created.body.revision, { type: 'DealCards', seed: 'fz' });
  const appeal = await referee.request('POST', `/api/matches/${KNOWN.matchId}/appeals`, {
    appealId: KNOWN.appealId,
    handNumber: 1,
    disputedRevisions: [1],
    statement: 'fuzz',
    appellant: { team: 'NS', captain: 'c' },
    fee: { amount: 0 },
  });
  if (dealt.status !== 200 || appeal.status !== 201) throw new Error('the fuzzer could not set up its match');
}
