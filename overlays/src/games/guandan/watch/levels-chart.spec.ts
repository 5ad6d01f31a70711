import { describe, expect, it } from 'vitest';
import { recordedView } from '../../../lib/on-air/testing';
import { cachedLevelsChart, levelsChart } from './levels-chart';
import { linkedDeal, otherLangHref, verifyLink, watchMatchId } from '../../../lib/watch/watch-url';

describe('levels chart geometry', () => {
  it('starts both teams at 2 and follows each finished deal (recorded history)', () => {
    const view = recordedView('latest', 'broadcast');
    const chart = levelsChart(view.history, 640, 300);
    expect(chart.lines.NS).toHaveLength(view.history.length + 1);
    const bottom = chart.gridY[0];
    expect(chart.lines.NS[0]?.y).toBe(bottom);
    expect(chart.lines.EW[0]?.y).toBe(bottom);
    // NS went up 3 after deal 1 (double-down): its point is three grid steps up.
    expect(chart.lines.NS[1]?.y).toBeCloseTo(chart.gridY[3] ?? NaN);
    expect(chart.lines.EW[1]?.y).toBe(bottom);
    expect(chart.lines.NS.at(-1)?.x).toBe(640 - chart.pad);
    expect(chart.lines.NS[0]?.x).toBe(chart.padLeft);
  });

  it('numbers the deals under the axis: each while they fit, else every k-th and always the last', () => {
    const history = recordedView('latest', 'broadcast').history;
    const wide = levelsChart(history, 640);
    expect(wide.ticks.map((t) => t.deal)).toEqual(history.map((h) => h.handNumber));
    // 40 deals on a 390 px phone: no two numbers closer than 28 px, the last one shown.
    const one = history[0];
    if (!one) throw new Error('no finished deal recorded');
    const many = Array.from({ length: 40 }, (_, i) => ({ ...one, handNumber: i + 1 }));
    const phone = levelsChart(many, 340);
    expect(phone.ticks.at(-1)?.deal).toBe(40);
    expect(phone.ticks.length).toBeGreaterThan(5);
    phone.ticks.slice(1).forEach((tick, i) => {
      expect(tick.x - (phone.ticks[i]?.x ?? 0)).toBeGreaterThanOrEqual(28);
    });
    // Every tick sits on its deal's point.
    for (const tick of phone.ticks) expect(phone.lines.NS.find((p) => p.deal === tick.deal)?.x).toBe(tick.x);
  });

  it('keeps room left of the axis for the widest level label, past A', () => {
    expect(levelsChart([], 340).padLeft).toBeGreaterThanOrEqual(48);
  });

  it('an empty history is a flat start', () => {
    expect(levelsChart([]).lines.NS).toHaveLength(1);
  });

  it('keeps the same geometry for a new frame’s copy of the same history, and redraws when it changes', () => {
    const history = recordedView('latest', 'broadcast').history;
    const chartOf = cachedLevelsChart();
    const first = chartOf(history);
    expect(chartOf(structuredClone(history))).toBe(first);
    expect(chartOf(history.slice(0, -1))).not.toBe(first);
    const last = history.at(-1);
    if (!last) throw new Error('no finished deal recorded');
    // A corrected past deal (other levels after it) moves the line.
    const corrected = [...history.slice(0, -1), { ...last, levelsAfter: { NS: 0, EW: 5 } }];
    expect(chartOf(corrected).lines.EW.at(-1)?.y).toBeCloseTo(first.gridY[5] ?? NaN);
  });
});

describe('watch URL', () => {
  it('reads the match from /watch/<match>', () => {
    expect(watchMatchId('/watch/final_1')).toBe('final_1');
    expect(watchMatchId('/watch/final_1/')).toBe('final_1');
    expect(watchMatchId('/overlays/watch/')).toBeNull();
  });

  it('reads the deal a shared link opens, and makes that link (verified, in the page language)', () => {
    expect(linkedDeal('?deal=3', '#verify')).toEqual({ hand: 3, verify: true });
    expect(linkedDeal('?deal=3&lang=en', '')).toEqual({ hand: 3, verify: false });
    expect(linkedDeal('?deal=0', '#verify')).toBeNull();
    expect(linkedDeal('?deal=x', '')).toBeNull();
    expect(linkedDeal('', '')).toBeNull();
    expect(verifyLink('https://tv.example', 'final_1', 3, 'zh-CN')).toBe(
      'https://tv.example/watch/final_1?deal=3#verify',
    );
    expect(verifyLink('https://tv.example', 'final_1', 3, 'en')).toBe(
      'https://tv.example/watch/final_1?deal=3&lang=en#verify',
    );
  });

  it('switches the page language in its URL, keeping the rest', () => {
    expect(otherLangHref('https://tv.example/watch/f?deal=2', 'zh-CN')).toBe(
      'https://tv.example/watch/f?deal=2&lang=en',
    );
    expect(otherLangHref('https://tv.example/watch/f?lang=en&deal=2', 'en')).toBe(
      'https://tv.example/watch/f?deal=2',
    );
  });
});
