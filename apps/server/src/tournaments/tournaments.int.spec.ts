import { tournamentStream } from '@tablecast/events';
import { describe, expect, it, vi } from 'vitest';
import { TEST_TOKENS } from '../testing/staff-tokens';
import { staffedServerForSuite } from '../testing/staffed-server';

describe('the tournament API over HTTP, on the real server and SQLite', () => {
  const suite = staffedServerForSuite();

  const call = async (
    method: string,
    path: string,
    body?: unknown,
    token: string | null = TEST_TOKENS.arbiter,
  ): Promise<{ status: number; json: unknown; text: string; type: string | null }> => {
    const response = await fetch(`${suite.server.url}/api/tournaments${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, json, text, type: response.headers.get('content-type') };
  };

  const create = (tournamentId: string, ruleset = 'cga2017') =>
    call('POST', '', {
      tournamentId,
      name: 'Open',
      ruleset,
      stages: [{ format: 'swiss', venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
    });

  it('creates an event (401 without a token, 403 for an operator, 400 naming the field, 409 twice)', async () => {
    expect((await call('POST', '', { tournamentId: 'auth' }, null)).status).toBe(401);
    expect((await call('POST', '', { tournamentId: 'auth' }, TEST_TOKENS.operatorT1)).status).toBe(403);
    const bad = await call('POST', '', {
      tournamentId: 'bad one',
      name: 'x',
      ruleset: 'cga2017',
      stages: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('tournamentId');
    expect(bad.text).toContain('stages');
    expect((await create('t_create')).status).toBe(201);
    const again = await create('t_create');
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ rule: 'TC-TRN-STATE' });
    const recorded = await suite.store.readStream(tournamentStream('t_create'));
    expect(recorded.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['TournamentCreated', { id: 'arbiter', role: 'arbiter' }],
    ]);
    expect((await call('GET', '/nope/standings')).status).toBe(404);
  });

  it('TRN-MOVE-6: the session options are checked at creation (400 naming the field, 422 with the rule)', async () => {
    const duplicate = (tournamentId: string, format: string, options: Record<string, unknown>) =>
      call('POST', '', {
        tournamentId,
        name: 'Dou Dizhu Open',
        game: 'doudizhu',
        ruleset: 'cga2017',
        stages: [{ format, venue: 'onSite', rounds: 2, unit: { games: 1, bestOf: false } }],
        options,
      });
    const zero = await duplicate('s_zero', 'duplicateSwiss', { sessionsPerRound: 0 });
    expect(zero.status).toBe(400);
    expect(zero.text).toContain('sessionsPerRound');
    const when = await duplicate('s_when', 'duplicateSwiss', { moveAfter: 'board' });
    expect(when.status).toBe(400);
    expect(when.text).toContain('moveAfter');
    const basis = await duplicate('s_basis', 'duplicateSwiss', { rankingBasis: 'best' });
    expect(basis.status).toBe(400);
    expect(basis.text).toContain('rankingBasis');
    const swiss = await duplicate('s_swiss', 'swiss', { sessionsPerRound: 2 });
    expect(swiss.status).toBe(422);
    expect(swiss.json).toMatchObject({ rule: 'TRN-MOVE-6' });
    const sessions = { sessionsPerRound: 2, moveAfter: 'round', rankingBasis: 'lastSession' };
    expect((await duplicate('s_ok', 'duplicateSwiss', sessions)).status).toBe(201);
    const [created] = await suite.store.readStream(tournamentStream('s_ok'));
    expect(created?.data).toMatchObject({ options: sessions });
  });

  it('imports entrants from CSV (a bad row is a 400 naming row and column), and exports the same sheet', async () => {
    await create('t_csv');
    const bad = await call('POST', '/t_csv/entrants', { csv: 'name,seed\nA,1\nB,two\n' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ issues: [{ path: 'csv.row 3.seed' }] });
    const sheet = 'entrant,name,unit,seed\r\nP1,"Zhang, Li",North,1\r\nP2,Wang,,2\r\n';
    expect((await call('POST', '/t_csv/entrants', { csv: sheet })).status).toBe(200);
    const exported = await call('GET', '/t_csv/entrants.csv');
    expect(exported.type).toContain('text/csv');
    expect(exported.text).toBe(sheet);
    const twice = await call('POST', '/t_csv/entrants', { csv: 'entrant,name\nP1,Again\n' });
    expect(twice.status).toBe(409);
  });

  it('pairs, publishes and scores rounds; refusals name the TRN rule (422); standings and sheets export', async () => {
    await create('t_swiss');
    const csv = [
      'entrant,name,unit,seed',
      ...[1, 2, 3, 4].map((i) => `P${String(i)},Pair ${String(i)},U${String(i % 2)},${String(i)}`),
    ].join('\n');
    await call('POST', '/t_swiss/entrants', { csv });
    const paired = await call('POST', '/t_swiss/rounds', {});
    expect(paired.status).toBe(200);
    expect(paired.json).toMatchObject({
      events: [
        {
          type: 'RoundPaired',
          data: {
            round: 1,
            pairs: [
              { match: 'r1.t1', a: 'P1', b: 'P4' },
              { match: 'r1.t2', a: 'P2', b: 'P3' },
            ],
          },
        },
      ],
    });
    const early = await call('POST', '/t_swiss/rounds', {});
    expect(early.status).toBe(422);
    expect(early.json).toMatchObject({ rule: 'TRN-SWISS-1' });
    expect((await call('POST', '/t_swiss/rounds/1/publish')).status).toBe(200);
    expect(
      (
        await call('POST', '/t_swiss/rounds/1/assignments', {
          match: 'r1.t1',
          table: 1,
          matchId: 't_swiss.r1.t1',
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('POST', '/t_swiss/forfeits', { round: 1, match: 'r1.t1', forfeitedBy: 'P4' })).status,
    ).toBe(200);
    const twice = await call('POST', '/t_swiss/forfeits', { round: 1, match: 'r1.t1', forfeitedBy: 'P1' });
    expect(twice.status).toBe(422);
    expect(twice.json).toMatchObject({ rule: 'TRN-SWISS-9' });
    const withdrawn = await call(
      'POST',
      '/t_swiss/withdrawals',
      { entrant: 'P3', reason: 'illness' },
      TEST_TOKENS.referee,
    );
    expect(withdrawn.json).toMatchObject({
      events: [
        { type: 'EntrantWithdrawn', data: { round: 1 } },
        {
          type: 'ResultRecorded',
          data: { scored: { forfeitedBy: 'P3', a: { entrant: 'P2', matchTenths: 20, levelPoints: 18 } } },
        },
      ],
    });
    const standings = await call('GET', '/t_swiss/standings');
    const rows = (
      standings.json as {
        rows: {
          entrant: string;
          rank: number;
          matchPoints: string;
          tiebreaks: { key: string; method: string }[];
        }[];
      }
    ).rows;
    expect(rows.map((r) => [r.entrant, r.matchPoints])).toEqual([
      ['P1', '2'],
      ['P2', '2'],
      ['P3', '0'],
      ['P4', '0'],
    ]);
    expect(rows[0]?.tiebreaks.map((t) => t.key)).toEqual([
      'matchPoints',
      'levelPoints',
      'levelPointsAmongTied',
      'opponentsPoints',
    ]);
    const sheet = await call('GET', '/t_swiss/standings.csv');
    expect(sheet.type).toContain('text/csv');
    expect(sheet.text.split('\r\n')[0]).toBe(
      'rank,number,entrant,name,unit,matchPoints,levelPoints,played,tb:matchPoints,tb:levelPoints,tb:levelPointsAmongTied,tb:opponentsPoints',
    );
    expect(sheet.text.split('\r\n')[1]).toMatch(/^1,1,P1,Pair 1,U1,2,18,1,2,18,/);
    const scores = await call('GET', '/t_swiss/score-sheet.csv');
    expect(scores.text).toContain('1,1,r1.t1,P1,P4,2,0,18,0,forfeit,forfeit,0');
    const printable = await call('GET', '/t_swiss/rounds/1/score-sheets.html');
    expect(printable.type).toContain('text/html');
    expect(printable.text).toContain('第 1 轮 第 1 台记分表');
    expect(printable.text).toContain(
      '<td>南北方</td><td>1</td><td>Pair 1</td><td>U1</td><td>18</td><td>2</td>',
    );
    // The first pair sits North-South as the round start seats it; the second East-West.
    expect(printable.text).toContain('<td>东西方</td><td>4</td><td>Pair 4</td>');
    expect((await call('GET', '/t_swiss/rounds/9/score-sheets.html')).status).toBe(404);
    const table = await call('GET', '/t_swiss/standings.html');
    expect(table.text).toContain(
      '<td>1</td><td>1</td><td>Pair 1</td><td>U1</td><td>2</td><td>18</td><td>1</td>',
    );
  });

  it('TRN-SCORE-4: an odd 000 field without the regulations’ bye score is refused with the rule', async () => {
    await create('t_odd');
    await call('POST', '/t_odd/entrants', { csv: 'name\nA\nB\nC\n' });
    const odd = await call('POST', '/t_odd/rounds', {});
    expect(odd.status).toBe(422);
    expect(odd.json).toMatchObject({ rule: 'TRN-SCORE-4' });
  });
  it('lists the events publicly (no token): id, name, game, formats and the event page, nothing of the regulations', async () => {
    expect((await create('t_public')).status).toBe(201);
    expect(
      (await call('POST', '/t_public/entrants', { csv: 'entrant,name,unit,seed\nU1,Pair 1,Secret Club,1\n' }))
        .status,
    ).toBe(200);
    const listed = async (): Promise<{ status: number; events: Record<string, unknown>[] }> => {
      const response = await fetch(`${suite.server.url}/api/events`);
      return {
        status: response.status,
        events: ((await response.json()) as { events: Record<string, unknown>[] }).events,
      };
    };
    await vi.waitFor(async () => {
      const { status, events } = await listed();
      expect(status).toBe(200);
      expect(events.find((e) => e.tournamentId === 't_public')).toEqual({
        tournamentId: 't_public',
        name: 'Open',
        game: 'guandan',
        formats: ['swiss'],
        href: '/overlays/event/?tournament=t_public',
      });
    });
    const text = JSON.stringify((await listed()).events);
    expect(text).not.toContain('Secret Club');
    expect(text).not.toContain('pairingRules');
  });
});
