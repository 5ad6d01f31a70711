import { playRandomMatch, RULESETS, type GuandanEvent } from '@tablecast/guandan/testing';
import { describe, expect, it } from 'vitest';
import { eventSeat, summarizeEvent, type SummaryContext } from './summarize-event';

const zh: SummaryContext = {
  lang: 'zh-CN',
  names: { players: { S: '张伟', E: '李娜', N: '王强', W: '赵敏' }, teams: { NS: '江苏队', EW: '上海队' } },
};
const en: SummaryContext = { lang: 'en', names: null };

const played = playRandomMatch({
  ruleset: { ...RULESETS.cga2017 },
  format: { kind: 'fixedDeals', deals: 2 },
  seed: 'summaries',
});
if (!played.ok) throw new Error(played.violation.message);
const events: readonly GuandanEvent[] = played.events;
const first = <T extends GuandanEvent['type']>(type: T): Extract<GuandanEvent, { type: T }> => {
  const event = events.find((e) => e.type === type);
  if (!event) throw new Error(`the playout has no ${type}`);
  return event as Extract<GuandanEvent, { type: T }>;
};

describe('event summaries', () => {
  it('every event of two played deals reads as a sentence in both languages', () => {
    for (const event of events) {
      for (const context of [zh, en]) {
        const summary = summarizeEvent(event, context);
        expect(summary, `${event.type} in ${context.lang}`).not.toBeNull();
        expect(summary?.text).not.toMatch(/undefined|NaN|\[object/);
      }
    }
  });

  it('a play names the seat, the player, the combination and the cards as faces, and hands the ids on', () => {
    const play = events.find(
      (e): e is Extract<GuandanEvent, { type: 'CardsPlayed' }> =>
        e.type === 'CardsPlayed' && e.data.as.type === 'pair',
    );
    if (!play) throw new Error('no pair played');
    const summary = summarizeEvent(play, zh);
    expect(summary?.text).toContain(`${{ S: '南', E: '东', N: '北', W: '西' }[play.data.seat]}（`);
    expect(summary?.text).toContain('对子');
    expect(summary?.text).toMatch(/[♠♥♣♦](10|[2-9JQKA]) [♠♥♣♦](10|[2-9JQKA])$/);
    expect(summary?.cards).toEqual(play.data.cards);
    expect(summarizeEvent(play, en)?.text).toMatch(
      /^(South|East|North|West) (leads|plays) pair(, as declared)?: /,
    );
  });

  it('a play says the player declared the combination only when he did (GD-WILD-5)', () => {
    const play = first('CardsPlayed');
    const named = { ...play, data: { ...play.data, declared: true } };
    const read = { ...play, data: { ...play.data, declared: false } };
    expect(summarizeEvent(named, zh)?.text).toContain('（选手声明牌型）：');
    expect(summarizeEvent(read, zh)?.text).not.toContain('声明');
    expect(summarizeEvent(named, en)?.text).toMatch(/, as declared: /);
    expect(summarizeEvent(read, en)?.text).not.toContain('declared');
  });

  it('the end of a deal gives the places and the level change', () => {
    const ended = first('HandEnded');
    const text = summarizeEvent(ended, zh)?.text ?? '';
    expect(text).toContain('第1副结束：头游');
    expect(text).toMatch(/升[0-3]级（2→/);
    expect(summarizeEvent(ended, en)?.text).toMatch(/^Deal 1 over: 1st /);
  });

  it('a lead, a pass, a trick and a finish read as the referee says them', () => {
    expect(summarizeEvent(first('LeadAssigned'), zh)?.text).toMatch(/首出（翻牌）$/);
    const passed = first('Passed');
    expect(summarizeEvent(passed, en)?.text).toMatch(/^(South|East|North|West) passes$/);
    expect(summarizeEvent(first('TrickWon'), zh)?.text).toMatch(/赢得本轮，下一轮由.+领出$/);
    expect(summarizeEvent(first('PlayerFinished'), zh)?.text).toMatch(/出完，头游$/);
    expect(summarizeEvent(first('HandStarted'), zh)?.text).toBe('第1副开始，打2，不进贡');
  });

  it('tribute: given, returned and resisted, with the card', () => {
    expect(summarizeEvent({ type: 'TributeGiven', data: { from: 'W', card: 'RJa' } }, zh)).toEqual({
      text: '西（赵敏）进贡：大王',
      cards: ['RJa'],
    });
    expect(
      summarizeEvent({ type: 'TributeReturned', data: { from: 'N', to: 'W', card: 'STb' } }, en),
    ).toEqual({
      text: 'North returns a card to West: ♠10',
      cards: ['STb'],
    });
    expect(summarizeEvent({ type: 'TributeResisted', data: { seats: ['E', 'W'] } }, zh)?.text).toBe(
      '东（李娜）、西（赵敏）持两张大王，抗贡',
    );
    expect(summarizeEvent({ type: 'CardsReported', data: { seat: 'S', count: 10 } }, zh)?.text).toBe(
      '南（张伟）报牌：剩 10 张',
    );
  });

  it('a penalty names its rule ID; deck commitment and reveal are named', () => {
    const penalty = { seat: 'E', sanction: 'violation', rule: 'GD-PEN-11', refereeId: 'r1', note: '' };
    expect(summarizeEvent({ type: 'PenaltyIssued', data: penalty }, zh)?.text).toBe(
      '东（李娜）被判违例（GD-PEN-11）',
    );
    expect(summarizeEvent({ type: 'PenaltyIssued', data: penalty }, en)?.text).toBe(
      'Violation for East, rule GD-PEN-11',
    );
    expect(summarizeEvent(first('DeckCommitted'), zh)?.text).toMatch(/^第1副牌序哈希 [0-9a-f]{16}…$/);
    expect(summarizeEvent(first('DeckRevealed'), en)?.text).toContain('revealed');
  });

  it('an unknown type, or data it cannot read, gives no summary instead of breaking', () => {
    expect(summarizeEvent({ type: 'TableLampDimmed', data: { lux: 3 } }, zh)).toBeNull();
    expect(summarizeEvent({ type: 'CardsPlayed', data: { seat: 'S' } }, zh)).toBeNull();
    expect(summarizeEvent({ type: 'Passed', data: {} }, en)).toBeNull();
    expect(summarizeEvent({ type: 'Passed', data: null }, en)).toBeNull();
  });

  it('points at the seat an event is about', () => {
    expect(eventSeat({ type: 'Passed', data: { seat: 'W' } })).toBe('W');
    expect(eventSeat({ type: 'TributeGiven', data: { from: 'E', card: 'RJa' } })).toBe('E');
    expect(eventSeat(first('HandStarted'))).toBeNull();
    expect(eventSeat({ type: 'Passed', data: { seat: 'X' } })).toBeNull();
  });

  it("a tournament log's event, should one reach a match's replay, gives no summary: the page shows it raw", () => {
    expect(summarizeEvent({ type: 'RoundPaired', data: { round: 1 } }, zh)).toBeNull();
    expect(summarizeEvent({ type: 'ResultRecorded', data: { matchId: 'r1.t1' } }, zh)).toBeNull();
  });
});
