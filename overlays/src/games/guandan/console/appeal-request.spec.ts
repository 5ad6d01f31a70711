import { describe, expect, it } from 'vitest';
import type { MatchSnapshot } from './backend';
import {
  buildAppealRequest,
  defaultAppealDraft,
  newAppealId,
  parsePositions,
  reopenAppealDraft,
  type AppealDraft,
} from './appeal-request';

const draft: AppealDraft = {
  appealId: 'ap_1',
  handNumber: '3',
  positions: '41, 42',
  team: 'EW',
  captain: '李娜',
  statement: '  对方报牌有误  ',
  language: 'zh-CN',
  fee: '500',
};

const snapshot = (revision: number, hand: number | null, handsPlayed: number): MatchSnapshot =>
  ({
    matchId: 'm',
    table: 't1',
    revision,
    state: { hand: hand === null ? null : { number: hand }, handsPlayed },
  }) as unknown as MatchSnapshot;

describe('parsePositions', () => {
  it('reads revisions separated by commas, spaces or 、, with an optional #, once each', () => {
    expect(parsePositions('41, 42')).toEqual({ ok: true, revisions: [41, 42] });
    expect(parsePositions(' #7 #9，9、12 ')).toEqual({ ok: true, revisions: [7, 9, 12] });
    expect(parsePositions('')).toEqual({ ok: true, revisions: [] });
  });

  it('names the first token that is not a revision', () => {
    expect(parsePositions('41 4x2 -3')).toEqual({ ok: false, token: '4x2' });
    expect(parsePositions('-3')).toEqual({ ok: false, token: '-3' });
  });
});

describe('buildAppealRequest', () => {
  it("builds FileAppealRequestSchema's body: numbers as numbers, the rest as typed", () => {
    expect(buildAppealRequest(draft)).toEqual({
      ok: true,
      body: {
        appealId: 'ap_1',
        handNumber: 3,
        disputedRevisions: [41, 42],
        statement: '  对方报牌有误  ',
        language: 'zh-CN',
        appellant: { team: 'EW', captain: '李娜' },
        fee: { amount: 500 },
      },
    });
  });

  it('leaves a missing statement or team to the server, which names the field', () => {
    const built = buildAppealRequest({ ...draft, statement: '', team: '' });
    expect(built.ok && built.body.statement).toBe('');
    expect(built.ok && built.body.appellant.team).toBe('');
  });

  it('refuses what cannot be sent as a number, by the server path of the field', () => {
    expect(buildAppealRequest({ ...draft, handNumber: 'three', positions: '41 x', fee: '5.5' })).toEqual({
      ok: false,
      issues: [
        { path: 'handNumber', message: 'notInteger', value: 'three' },
        { path: 'disputedRevisions', message: 'notInteger', value: 'x' },
        { path: 'fee.amount', message: 'notInteger', value: '5.5' },
      ],
    });
  });
});

describe('defaultAppealDraft', () => {
  it("defaults to the hand in play and this console's last accepted entry", () => {
    const fresh = defaultAppealDraft(snapshot(57, 4, 3), 55, 'en', 'ap_x');
    expect(fresh).toEqual({
      appealId: 'ap_x',
      handNumber: '4',
      positions: '55',
      team: '',
      captain: '',
      statement: '',
      language: 'en',
      fee: '0',
    });
  });

  it("between hands takes the last hand; with nothing accepted here, the match's last revision", () => {
    const fresh = defaultAppealDraft(snapshot(120, null, 5), null, 'zh-CN');
    expect(fresh.handNumber).toBe('5');
    expect(fresh.positions).toBe('120');
    expect(defaultAppealDraft(snapshot(0, null, 0), null, 'zh-CN').handNumber).toBe('1');
  });

  it('makes ids the server accepts (letters, digits, _ . :)', () => {
    expect(newAppealId()).toMatch(/^ap_[0-9a-f]{24}$/);
  });
});

describe('reopenAppealDraft', () => {
  const first = defaultAppealDraft(snapshot(10, 1, 0), 9, 'zh-CN', 'ap_a');
  const later = defaultAppealDraft(snapshot(30, 2, 1), 29, 'zh-CN', 'ap_b');

  it('opens on fresh defaults, as a copy the form may edit', () => {
    const opened = reopenAppealDraft(null, first);
    expect(opened.draft).toEqual(first);
    opened.draft.statement = 'typed';
    expect(opened.defaults.statement).toBe('');
  });

  it('keeps a draft with something typed, and refreshes one left untouched', () => {
    const untouched = reopenAppealDraft(null, first);
    expect(reopenAppealDraft(untouched, later).draft.positions).toBe('29');
    const typed = { draft: { ...first, statement: '对方出牌违例' }, defaults: first };
    expect(reopenAppealDraft(typed, later)).toBe(typed);
  });
});
