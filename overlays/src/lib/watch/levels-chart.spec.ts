import { describe, expect, it } from 'vitest';
import { recordedView } from '../on-air/testing';
import { cachedLevelsChart, levelsChart } from './levels-chart';
import { watchMatchId } from './watch-url';

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
});
