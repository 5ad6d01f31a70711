import { b2Cga2017, replayCheckedBigTwo, type BigTwoEvent, type BigTwoRuleset } from '@tablecast/bigtwo';
import {
  ddzCga2017,
  replayChecked as replayCheckedDoudizhu,
  type DoudizhuEvent,
  type DoudizhuRuleset,
} from '@tablecast/doudizhu';
import { verifyExportStreams, type ExportedEvent, type MatchExport } from '@tablecast/replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchClient, newBigTwoMatchRequest, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { BoardSetCreated } from './board-requests';
import { BoardReveals } from './board-reveals.service';
import { b2StateOf, playOutB2OverHttp } from './testing/b2-http';
import { ddzStateOf, playOutOverHttp } from './testing/ddz-http';

let server: TestServer;
let referee: MatchClient;

beforeAll(async () => {
  server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
  referee = new MatchClient(server.url, TEST_TOKENS.referee);
}, 60_000);
afterAll(async () => {
  await server.stop();
});

/** Creates the match, deals it board 1 of a fresh set of its game, plays the board out and reveals it. */
async function playedBoard(
  game: 'doudizhu' | 'bigtwo',
  matchId: string,
  body: object,
  playOut: () => Promise<void>,
): Promise<void> {
  const created = await referee.request('POST', '/api/matches', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const set = await referee.request<BoardSetCreated>('POST', '/api/boards', { game, boards: 1 });
  const [board] = set.body.boards;
  if (board === undefined) throw new Error('no board');
  const dealt = await referee.request('POST', `/api/boards/${board.id}/deal`, { matchId });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
  await playOut();
  await server.app.get(BoardReveals).revealIfDue(board.id);
}

async function exported(matchId: string): Promise<MatchExport> {
  const answer = await referee.request<MatchExport>('GET', `/api/matches/${matchId}/export`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The game's events of the exported match stream, as its module records them (type unprefixed). */
function gameEvents(
  exportedMatch: MatchExport,
  matchId: string,
  game: string,
): { type: string; data: unknown }[] {
  const stream = exportedMatch.streams[`match-${matchId}`] ?? [];
  return stream.map((event) => ({ type: event.type.replace(`${game}.`, ''), data: event.data }));
}

/** The export with one event's data changed, its recorded hash left as it was. */
function tampered(
  exportedMatch: MatchExport,
  matchId: string,
  type: string,
): Record<string, readonly ExportedEvent[]> {
  const stream = exportedMatch.streams[`match-${matchId}`] ?? [];
  const at = stream.findIndex((event) => event.type === type);
  expect(at).toBeGreaterThan(0);
  return {
    ...exportedMatch.streams,
    [`match-${matchId}`]: stream.map((event, i) =>
      i === at ? { ...event, data: { ...(event.data as object), board: 99 } } : event,
    ),
  };
}

describe('exporting a Dou Dizhu and a Big Two match: the chain verifies and the export replays (real server)', () => {
  it('DDZ-GEN-2, DEC-DDZ-4: a Dou Dizhu match exported after a duplicate board verifies, replays to the server’s state, and carries its ruleset', async () => {
    const matchId = 'ddz_export_t1';
    // A non-default ruleset field, so the replay must re-derive it from the export.
    const ruleset: DoudizhuRuleset = { ...ddzCga2017, duplicateReveal: 'ownEnd' };
    await playedBoard('doudizhu', matchId, { ...newDoudizhuMatchRequest(matchId, 't1'), ruleset }, () =>
      playOutOverHttp(server, referee, matchId, 'ddz-export'),
    );
    const record = await exported(matchId);
    const events = gameEvents(record, matchId, 'doudizhu');
    expect(events.map((e) => e.type)).toContain('DeckRevealed');
    expect(record.verification).toMatchObject({ ok: true, events: events.length, streams: 1 });
    expect(verifyExportStreams(record.streams)).toMatchObject({ ok: true });
    expect(verifyExportStreams(tampered(record, matchId, 'doudizhu.CardsPlayed'))).toMatchObject({
      ok: false,
    });

    const replayed = replayCheckedDoudizhu(events as DoudizhuEvent[]);
    if (!replayed.ok) throw new Error(`${replayed.rule} ${replayed.message}`);
    const { state } = await ddzStateOf(server, matchId);
    expect(replayed.state).toEqual(state);
    expect(replayed.state.ruleset).toEqual(ruleset);
    expect(replayed.state.completed).toHaveLength(1);
  }, 120_000);

  it('B2-GEN-2, DEC-B2-4: a Big Two match exported after a duplicate board verifies, replays to the server’s state, and carries its ruleset', async () => {
    const matchId = 'b2_export_t1';
    const ruleset: BigTwoRuleset = { ...b2Cga2017, broadcastHold: 'none' };
    await playedBoard('bigtwo', matchId, { ...newBigTwoMatchRequest(matchId, 't1'), ruleset }, () =>
      playOutB2OverHttp(server, referee, matchId, 'b2-export'),
    );
    const record = await exported(matchId);
    const events = gameEvents(record, matchId, 'bigtwo');
    expect(events.map((e) => e.type)).toContain('DeckRevealed');
    expect(record.verification).toMatchObject({ ok: true, events: events.length, streams: 1 });
    expect(verifyExportStreams(record.streams)).toMatchObject({ ok: true });
    expect(verifyExportStreams(tampered(record, matchId, 'bigtwo.CardsPlayed'))).toMatchObject({ ok: false });

    const replayed = replayCheckedBigTwo(events as BigTwoEvent[]);
    if (!replayed.ok) throw new Error(`${replayed.rule} ${replayed.message}`);
    const { state } = await b2StateOf(server, matchId);
    expect(replayed.state).toEqual(state);
    expect(replayed.state.ruleset).toEqual(ruleset);
  }, 120_000);
});
