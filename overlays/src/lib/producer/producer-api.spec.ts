import { describe, expect, it } from 'vitest';
import { createProducerApi, type FetchFn } from './producer-api';

interface Call {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

const TOKEN = 'producer-token-1';

/** A fetch that records each request and answers with real `Response` objects. */
function recordingFetch(answer: (call: Call) => Response | Promise<Response>): {
  fetchFn: FetchFn;
  calls: Call[];
} {
  const calls: Call[] = [];
  const fetchFn: FetchFn = async (input, init) => {
    const call: Call = {
      url: input,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    return answer(call);
  };
  return { fetchFn, calls };
}

const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('producer API client', () => {
  it('sends the token in the Authorization header only, never in the URL', async () => {
    const { fetchFn, calls } = recordingFetch(() => jsonResponse(200, []));
    const api = createProducerApi({ origin: 'http://tc.local', token: TOKEN, fetchFn });
    await api.obsList();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://tc.local/api/obs');
    expect(calls[0]?.url).not.toContain(TOKEN);
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('calls every contract route with its method, path and body', async () => {
    const { fetchFn, calls } = recordingFetch(() => jsonResponse(200, {}));
    const api = createProducerApi({ origin: '', token: TOKEN, fetchFn });
    await api.state('final:1');
    await api.state(null);
    await api.obsSetup({ table: 'final-1' }, 'backup');
    await api.obsSetup({ onAir: true });
    await api.obsPreview('main', 'Break');
    await api.obsProgram('main', 'Table view');
    await api.obsTake('main');
    await api.obsTake('main', 'Fade');
    await api.obsStudioMode('main', true);
    await api.obsStats('main');
    await api.rundown();
    await api.saveRundown(4, [{ id: 'a', label: 'Open', scene: 'Break', notes: '' }]);
    await api.cueItem('item/1');
    await api.takeCued();
    await api.refreshPage('p-9');
    await api.refreshPages({ matchId: 'F1' });
    await api.sendCue('F1', { moment: 'bomb' });
    await api.director();
    await api.saveDirectorRules([]);
    await api.setDirectorEnabled(false);
    expect(calls.map((c) => `${c.method} ${c.url} ${JSON.stringify(c.body ?? null)}`)).toEqual([
      'GET /api/producer/state?matchId=final%3A1 null',
      'GET /api/producer/state null',
      'POST /api/obs/setup {"table":"final-1","obs":"backup"}',
      'POST /api/obs/setup {"onAir":true}',
      'POST /api/obs/main/preview {"scene":"Break"}',
      'POST /api/obs/main/program {"scene":"Table view"}',
      'POST /api/obs/main/take {}',
      'POST /api/obs/main/take {"transition":"Fade"}',
      'POST /api/obs/main/studio-mode {"enabled":true}',
      'GET /api/obs/main/stats null',
      'GET /api/producer/rundown null',
      'PUT /api/producer/rundown {"revision":4,"items":[{"id":"a","label":"Open","scene":"Break","notes":""}]}',
      'POST /api/producer/rundown/item%2F1/cue null',
      'POST /api/producer/rundown/take null',
      'POST /api/producer/pages/p-9/refresh null',
      'POST /api/producer/pages/refresh {"matchId":"F1"}',
      'POST /api/producer/cues {"matchId":"F1","cue":{"moment":"bomb"}}',
      'GET /api/director null',
      'PUT /api/director/rules {"rules":[]}',
      'POST /api/director/enabled {"enabled":false}',
    ]);
    expect(
      calls
        .filter((c) => c.body !== undefined)
        .every((c) => c.headers['content-type'] === 'application/json'),
    ).toBe(true);
  });

  it("returns the server's message with the status (400 names the field, 409 the lock)", async () => {
    const { fetchFn } = recordingFetch((call) =>
      call.method === 'PUT'
        ? jsonResponse(409, { statusCode: 409, message: 'item opening is live and locked' })
        : jsonResponse(400, { statusCode: 400, message: ['scene: is required', 'obs: unknown'] }),
    );
    const api = createProducerApi({ origin: '', token: TOKEN, fetchFn });
    expect(await api.saveRundown(1, [])).toEqual({
      ok: false,
      status: 409,
      message: 'item opening is live and locked',
    });
    expect(await api.obsPreview('main', '')).toEqual({
      ok: false,
      status: 400,
      message: 'scene: is required; obs: unknown',
    });
  });

  it('carries the refusal’s machine-readable fields (issue codes, rule ID, code, revision) for the banner to word', async () => {
    const bodies: Record<string, unknown> = {
      PUT: {
        statusCode: 409,
        error: 'Conflict',
        code: 'rundownStale',
        message: 'rundown revision 1 is stale; it is at 2',
        currentRevision: 2,
      },
      POST: {
        statusCode: 400,
        error: 'BadRequest',
        message: 'scene: Too small',
        issues: [{ path: 'scene', message: 'Too small', code: 'too_small' }],
      },
    };
    const { fetchFn } = recordingFetch((call) =>
      jsonResponse(call.method === 'PUT' ? 409 : 400, bodies[call.method]),
    );
    const api = createProducerApi({ origin: '', token: TOKEN, fetchFn });
    expect(await api.saveRundown(1, [])).toEqual({
      ok: false,
      status: 409,
      message: 'rundown revision 1 is stale; it is at 2',
      refusal: {
        error: 'Conflict',
        code: 'rundownStale',
        message: 'rundown revision 1 is stale; it is at 2',
        currentRevision: 2,
      },
    });
    expect(await api.obsPreview('main', '')).toMatchObject({
      status: 400,
      refusal: { error: 'BadRequest', issues: [{ path: 'scene', message: 'Too small', code: 'too_small' }] },
    });
  });

  it('reports a status without a JSON body as HTTP <status>, and no answer at all as status 0', async () => {
    const api503 = createProducerApi({
      origin: '',
      token: TOKEN,
      fetchFn: () => Promise.resolve(new Response('gateway down', { status: 503 })),
    });
    expect(await api503.obsTake('main')).toEqual({ ok: false, status: 503, message: 'HTTP 503' });
    const apiDown = createProducerApi({
      origin: '',
      token: TOKEN,
      fetchFn: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await apiDown.state(null)).toEqual({ ok: false, status: 0, message: 'Failed to fetch' });
  });

  it('reads an empty 200 body as null and a screenshot as a PNG blob', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const { fetchFn, calls } = recordingFetch((call) =>
      call.url.includes('screenshot')
        ? new Response(png, { status: 200, headers: { 'content-type': 'image/png' } })
        : new Response('', { status: 200 }),
    );
    const api = createProducerApi({ origin: '', token: TOKEN, fetchFn });
    expect(await api.takeCued()).toEqual({ ok: true, value: null });
    const shot = await api.obsScreenshot('main', 'Table view', 480);
    expect(calls[1]?.url).toBe('/api/obs/main/screenshot?source=Table%20view&width=480');
    expect(calls[1]?.headers.accept).toBe('image/png');
    if (!shot.ok) throw new Error(shot.message);
    expect(shot.value.type).toBe('image/png');
    expect(new Uint8Array(await shot.value.arrayBuffer())).toEqual(png);
  });

  it('sends a read or a write that sets a value again after a 503 with Retry-After; a take is shown refused at once', async () => {
    const busy = (): Response =>
      new Response(JSON.stringify({ statusCode: 503, message: 'the event log is busy', code: 'logBusy' }), {
        status: 503,
        // Zero seconds: the wait is the server's to choose, and this one keeps the spec quick.
        headers: { 'content-type': 'application/json', 'retry-after': '0' },
      });
    let refusals = 0;
    const { fetchFn, calls } = recordingFetch(() => {
      refusals += 1;
      return refusals % 2 === 1 ? busy() : jsonResponse(200, { delayMs: 40_000, revision: 3 });
    });
    const api = createProducerApi({ origin: '', token: TOKEN, fetchFn });
    const waits: number[] = [];
    const unwatch = api.watchWaits?.((seconds) => waits.push(seconds));
    expect(await api.setBroadcastDelay('F1', 40_000, 2)).toMatchObject({ ok: true });
    expect(await api.broadcastDelay('F1')).toMatchObject({ ok: true, value: { revision: 3 } });
    expect(await api.obsTake('main')).toMatchObject({
      ok: false,
      status: 503,
      message: 'the event log is busy',
    });
    expect(calls.map((c) => `${c.method} ${c.url} ${JSON.stringify(c.body ?? null)}`)).toEqual([
      'PUT /api/matches/F1/broadcast-delay {"delayMs":40000,"revision":2}',
      'PUT /api/matches/F1/broadcast-delay {"delayMs":40000,"revision":2}',
      'GET /api/matches/F1/broadcast-delay null',
      'GET /api/matches/F1/broadcast-delay null',
      'POST /api/obs/main/take {}',
    ]);
    expect(waits).toEqual([0, 0]);
    unwatch?.();
  });
});
