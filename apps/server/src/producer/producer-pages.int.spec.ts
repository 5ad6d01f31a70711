import type { OverlayPageView, ServerMessage } from '@tablecast/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { MatchClient, newDoudizhuMatchRequest, newMatchRequest } from '../testing/match-client';
import { staffRequest as call } from '../testing/staff-request';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

const producer = { token: TEST_TOKENS.producer };
const isControl = (m: ServerMessage): boolean => m.type === 'control';

describe('overlay pages: announce, list, refresh, cues (real websockets)', () => {
  let server: TestServer;
  const sockets: FeedSocket[] = [];
  const open = async (): Promise<FeedSocket> => {
    const socket = await FeedSocket.open(server);
    sockets.push(socket);
    return socket;
  };
  const pages = async (): Promise<OverlayPageView[]> =>
    (await (await call(server, 'GET', '/api/producer/pages', producer)).json()) as OverlayPageView[];
  const pageNamed = async (page: string, matchId: string): Promise<OverlayPageView | undefined> =>
    (await pages()).find((p) => p.page === page && p.matchId === matchId);

  beforeAll(async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.socket.close();
    await server.stop();
  });

  it('a page that announces itself (no token) is listed with its build, match, audience and language', async () => {
    const before = Date.now();
    const moments = await open();
    moments.send({
      type: 'announce',
      page: 'moments',
      build: 'b-0001',
      matchId: 'PG1',
      audience: 'broadcast',
      lang: 'en',
    });
    await expect.poll(() => pageNamed('moments', 'PG1')).toBeDefined();
    const listed = await pageNamed('moments', 'PG1');
    expect(listed).toMatchObject({
      page: 'moments',
      build: 'b-0001',
      matchId: 'PG1',
      audience: 'broadcast',
      lang: 'en',
      lastSeq: null,
      stale: false,
    });
    expect(Date.parse(listed?.connectedAt ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    expect(listed?.pageId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a heartbeat announce updates lastSeq and lastMessageAt, keeps connectedAt and the page id', async () => {
    const table = await open();
    table.send({ type: 'announce', page: 'table', build: 'b-0001', matchId: 'PG2' });
    await expect.poll(() => pageNamed('table', 'PG2')).toBeDefined();
    const first = await pageNamed('table', 'PG2');
    await new Promise((r) => setTimeout(r, 20));
    table.send({ type: 'announce', page: 'table', build: 'b-0001', matchId: 'PG2', lastSeq: 7 });
    await expect.poll(async () => (await pageNamed('table', 'PG2'))?.lastSeq).toBe(7);
    const second = await pageNamed('table', 'PG2');
    expect(second?.pageId).toBe(first?.pageId);
    expect(second?.connectedAt).toBe(first?.connectedAt);
    expect(Date.parse(second?.lastMessageAt ?? '')).toBeGreaterThan(Date.parse(first?.lastMessageAt ?? ''));
  });

  it('a page leaves the list when its socket closes', async () => {
    const gone = await open();
    gone.send({ type: 'announce', page: 'standings', build: 'b-0001', matchId: 'PG3' });
    await expect.poll(() => pageNamed('standings', 'PG3')).toBeDefined();
    gone.socket.close();
    await expect.poll(() => pageNamed('standings', 'PG3')).toBeUndefined();
  });

  it('refresh one page by id, or all pages matching match and page; 404 for an unknown page id', async () => {
    const a = await open();
    const b = await open();
    const c = await open();
    a.send({ type: 'announce', page: 'scorebug', build: 'x', matchId: 'PG4' });
    b.send({ type: 'announce', page: 'table', build: 'x', matchId: 'PG4' });
    c.send({ type: 'announce', page: 'scorebug', build: 'x', matchId: 'PG5' });
    await expect.poll(async () => (await pages()).filter((p) => p.build === 'x').length).toBe(3);

    const one = await pageNamed('table', 'PG4');
    const refreshOne = await call(
      server,
      'POST',
      `/api/producer/pages/${one?.pageId ?? ''}/refresh`,
      producer,
    );
    expect(refreshOne.status).toBe(200);
    expect(await refreshOne.json()).toEqual({ refreshed: 1 });
    expect(await b.until(isControl)).toEqual({ type: 'control', action: 'refresh' });

    const scorebugs = await call(server, 'POST', '/api/producer/pages/refresh', {
      ...producer,
      body: { page: 'scorebug' },
    });
    expect(await scorebugs.json()).toEqual({ refreshed: 2 });
    expect(await a.until(isControl)).toEqual({ type: 'control', action: 'refresh' });
    expect(await c.until(isControl)).toEqual({ type: 'control', action: 'refresh' });
    // b was not a scorebug: still only the one refresh it got by id.
    expect(b.messages.filter(isControl)).toHaveLength(1);

    const match = await call(server, 'POST', '/api/producer/pages/refresh', {
      ...producer,
      body: { matchId: 'PG4', page: 'scorebug' },
    });
    expect(await match.json()).toEqual({ refreshed: 1 });

    const unknown = await call(server, 'POST', '/api/producer/pages/nope/refresh', producer);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('no connected overlay page nope');
  });

  it('a cue reaches every page of its match, carries no game data, and counts the pages', async () => {
    const moments = await open();
    const lower = await open();
    const other = await open();
    const watcher = await open(); // subscribed, never announced: not a page, never gets control messages
    moments.send({ type: 'announce', page: 'moments', build: 'y', matchId: 'PG6' });
    lower.send({ type: 'announce', page: 'lowerthird', build: 'y', matchId: 'PG6' });
    other.send({ type: 'announce', page: 'moments', build: 'y', matchId: 'PG7' });
    watcher.send({ type: 'subscribe', matchId: 'PG6', audience: 'broadcast' });
    await expect.poll(async () => (await pages()).filter((p) => p.build === 'y').length).toBe(3);

    const response = await call(server, 'POST', '/api/producer/cues', {
      ...producer,
      body: { matchId: 'PG6', cue: { moment: 'bomb' } },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ delivered: 2 });
    const expected = { type: 'control', action: 'cue', cue: { moment: 'bomb' } };
    expect(await moments.until(isControl)).toEqual(expected);
    expect(await lower.until(isControl)).toEqual(expected);
    const lowerThird = await call(server, 'POST', '/api/producer/cues', {
      ...producer,
      body: { matchId: 'PG6', cue: { lowerThird: 'E' } },
    });
    expect(await lowerThird.json()).toEqual({ delivered: 2 });
    await lower.until((m) => m.type === 'control' && m.action === 'cue' && 'lowerThird' in m.cue);
    expect(other.messages.filter(isControl)).toEqual([]);
    expect(watcher.messages.filter(isControl)).toEqual([]);
  });

  it('a bad cue or refresh body is a 400 naming the field', async () => {
    const post = async (path: string, body: unknown): Promise<{ status: number; message: string }> => {
      const response = await call(server, 'POST', path, { ...producer, body });
      return { status: response.status, message: ((await response.json()) as { message: string }).message };
    };
    expect(await post('/api/producer/cues', { matchId: 'PG6', cue: { moment: 'dragon' } })).toEqual({
      status: 400,
      message:
        'cue.moment: must be one of bomb, straightFlush, fourJokers, tribute, handEnd, penalty, rocket, spring, antiSpring, delayBuilding, clear',
    });
    expect(await post('/api/producer/cues', { cue: { moment: 'bomb' } })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^matchId: /) as unknown,
    });
    expect(
      await post('/api/producer/cues', { matchId: 'PG6', cue: { moment: 'bomb', seat: 'S', cards: ['SA'] } }),
    ).toEqual({
      status: 400,
      message: 'cue.seat: unknown field',
    });
    expect(await post('/api/producer/pages/refresh', { matchId: '../x' })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^matchId: /) as unknown,
    });
  });

  it("a lower-third cue names a seat of the cued match's game: a Dou Dizhu seat 0 for a Dou Dizhu match, S refused naming the field; Guandan keeps S/E/N/W", async () => {
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    const ddz = await referee.request(
      'POST',
      '/api/matches',
      newDoudizhuMatchRequest('PG_ddz', 'tddz', (seat) => `p${String(seat)}`),
    );
    expect(ddz.status, JSON.stringify(ddz.body)).toBe(201);
    const gd = await referee.request('POST', '/api/matches', newMatchRequest('PG_gd', 'tgd'));
    expect(gd.status, JSON.stringify(gd.body)).toBe(201);
    const lower = await open();
    lower.send({ type: 'announce', page: 'lowerthird', build: 'b1', matchId: 'PG_ddz' });
    await expect.poll(async () => await pageNamed('lowerthird', 'PG_ddz')).toBeDefined();
    const cue = async (matchId: string, lowerThird: string): Promise<{ status: number; body: unknown }> => {
      const response = await call(server, 'POST', '/api/producer/cues', {
        ...producer,
        body: { matchId, cue: { lowerThird } },
      });
      return { status: response.status, body: await response.json() };
    };

    expect(await cue('PG_ddz', '0')).toEqual({ status: 200, body: { delivered: 1 } });
    await lower.until(
      (m) => m.type === 'control' && m.action === 'cue' && JSON.stringify(m.cue) === '{"lowerThird":"0"}',
    );
    expect(await cue('PG_ddz', 'S')).toMatchObject({
      status: 400,
      body: { message: 'cue.lowerThird: seat S is not a seat of doudizhu (0, 1, 2)' },
    });
    expect(await cue('PG_ddz', 'clear')).toEqual({ status: 200, body: { delivered: 1 } });
    for (const seat of ['S', 'E', 'N', 'W', 'clear'])
      expect(await cue('PG_gd', seat)).toEqual({ status: 200, body: { delivered: 0 } });
    expect(await cue('PG_gd', '0')).toMatchObject({
      status: 400,
      body: { message: 'cue.lowerThird: seat 0 is not a seat of guandan (S, E, N, W)' },
    });
    // The dashboard learns the selected match's game, to offer its seats.
    const state = async (matchId: string): Promise<unknown> =>
      (
        (await (await call(server, 'GET', `/api/producer/state?matchId=${matchId}`, producer)).json()) as {
          matchGame: unknown;
        }
      ).matchGame;
    expect(await state('PG_ddz')).toBe('doudizhu');
    expect(await state('PG_gd')).toBe('guandan');
    expect(await state('PG_none')).toBeNull();
  });

  it('a malformed announce is refused naming the field and lists nothing', async () => {
    const bad = await open();
    bad.send({ type: 'announce', page: 'table' });
    const error = await bad.until((m) => m.type === 'error');
    expect(error.type === 'error' && error.message).toContain('field "build"');
    expect((await pages()).some((p) => p.page === 'table' && p.matchId === null)).toBe(false);
  });

  it("lower-third text from a template reaches the match's lower-third pages only, its fields trimmed", async () => {
    const lower = await open();
    const moments = await open();
    const elsewhere = await open();
    lower.send({ type: 'announce', page: 'lowerthird', build: 'cap', matchId: 'PG_cap' });
    moments.send({ type: 'announce', page: 'moments', build: 'cap', matchId: 'PG_cap' });
    elsewhere.send({ type: 'announce', page: 'lowerthird', build: 'cap', matchId: 'PG_cap_other' });
    await expect.poll(async () => (await pages()).filter((p) => p.build === 'cap').length).toBe(3);

    const response = await call(server, 'POST', '/api/producer/lower-third', {
      ...producer,
      body: { matchId: 'PG_cap', caption: { template: 'level', fields: { team: ' 江苏队 ', level: '7' } } },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ delivered: 1 });
    expect(await lower.until(isControl)).toEqual({
      type: 'control',
      action: 'caption',
      caption: { template: 'level', fields: { team: '江苏队', level: '7' } },
    });
    // An optional field left out is sent empty, so every page sees the template's whole shape.
    await call(server, 'POST', '/api/producer/lower-third', {
      ...producer,
      body: { matchId: 'PG_cap', caption: { template: 'player', fields: { name: '张伟' } } },
    });
    expect(
      await lower.until(
        (m) => m.type === 'control' && m.action === 'caption' && m.caption.template === 'player',
      ),
    ).toMatchObject({ caption: { fields: { name: '张伟', team: '' } } });
    expect(moments.messages.filter(isControl)).toEqual([]);
    expect(elsewhere.messages.filter(isControl)).toEqual([]);
  });

  it('a bad lower-third template or field is a 400 naming it, and nothing goes on air', async () => {
    const lower = await open();
    lower.send({ type: 'announce', page: 'lowerthird', build: 'bad', matchId: 'PG_bad' });
    await expect.poll(() => pageNamed('lowerthird', 'PG_bad')).toBeDefined();
    const post = async (caption: unknown): Promise<{ status: number; message: string }> => {
      const response = await call(server, 'POST', '/api/producer/lower-third', {
        ...producer,
        body: { matchId: 'PG_bad', caption },
      });
      return { status: response.status, message: ((await response.json()) as { message: string }).message };
    };
    expect(await post({ template: 'weather', fields: {} })).toEqual({
      status: 400,
      message: 'caption.template: must be one of player, score, level, free',
    });
    expect(await post({ template: 'player', fields: { name: '  ' } })).toEqual({
      status: 400,
      message: 'caption.fields.name: must be filled in',
    });
    expect(await post({ template: 'level', fields: { team: '江苏队', level: '11' } })).toEqual({
      status: 400,
      message: 'caption.fields.level: must be a level 2-10, J, Q, K or A (GD-LVL-1)',
    });
    expect(
      await post({
        template: 'score',
        fields: { leftTeam: 'A', leftScore: '1', rightTeam: 'B', rightScore: '1', colour: 'red' },
      }),
    ).toEqual({
      status: 400,
      message: 'caption.fields.colour: not a field of score (leftTeam, leftScore, rightTeam, rightScore)',
    });
    expect(await post({ template: 'free', fields: { title: '长'.repeat(41) } })).toEqual({
      status: 400,
      message: 'caption.fields.title: must be at most 40 characters (41 given)',
    });
    expect(await post({ template: 'free', fields: { title: 7 } })).toEqual({
      status: 400,
      message: 'caption.fields.title: must be text',
    });
    expect(lower.messages.filter(isControl)).toEqual([]);
  });

  it('only the producer may list, refresh or cue pages (401 without a token, 403 other roles)', async () => {
    const routes: ['GET' | 'POST', string, unknown][] = [
      ['GET', '/api/producer/pages', undefined],
      ['POST', '/api/producer/pages/refresh', {}],
      ['POST', '/api/producer/pages/any/refresh', {}],
      ['POST', '/api/producer/cues', { matchId: 'PG6', cue: { moment: 'bomb' } }],
      [
        'POST',
        '/api/producer/lower-third',
        { matchId: 'PG6', caption: { template: 'free', fields: { title: 'x' } } },
      ],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(server, method, path, { body })).status, `${method} ${path}`).toBe(401);
      for (const token of [TEST_TOKENS.referee, TEST_TOKENS.arbiter, TEST_TOKENS.operatorT1]) {
        expect((await call(server, method, path, { token, body })).status, `${method} ${path}`).toBe(403);
      }
    }
  });
});
