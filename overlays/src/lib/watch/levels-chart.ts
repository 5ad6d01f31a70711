import type { HandResultView } from '@tablecast/protocol';

export interface ChartPoint {
  readonly deal: number;
  readonly x: number;
  readonly y: number;
}

export interface LevelsChartGeometry {
  readonly width: number;
  readonly height: number;
  readonly pad: number;
  readonly lines: Readonly<Record<'NS' | 'EW', readonly ChartPoint[]>>;
  /** y of each level index 0…13, for the grid and its labels. */
  readonly gridY: readonly number[];
}

/**
 * Levels over time as SVG coordinates, drawn by us: deal 0 is the start (both at 2), then each
 * finished deal's levels after it, from the server's history. Level index 13 is past A.
 */
export function levelsChart(
  history: readonly HandResultView[],
  width = 640,
  height = 300,
): LevelsChartGeometry {
  const pad = 36;
  const deals = Math.max(history.length, 1);
  const x = (deal: number): number => pad + ((width - 2 * pad) * deal) / deals;
  const y = (level: number): number => height - pad - ((height - 2 * pad) * level) / 13;
  const line = (team: 'NS' | 'EW'): ChartPoint[] => [
    { deal: 0, x: x(0), y: y(history[0]?.levelsBefore[team] ?? 0) },
    ...history.map((h, i) => ({ deal: h.handNumber, x: x(i + 1), y: y(h.levelsAfter[team]) })),
  ];
  return {
    width,
    height,
    pad,
    lines: { NS: line('NS'), EW: line('EW') },
    gridY: Array.from({ length: 14 }, (_, level) => y(level)),
  };
}

/**
 * `levelsChart` that hands back the same geometry while the levels it draws are unchanged: every
 * feed frame carries a new copy of the history, and the chart only moves when a deal ends (or a
 * correction changes a past one), so the page does not walk every point on every play.
 */
export function cachedLevelsChart(): (history: readonly HandResultView[]) => LevelsChartGeometry {
  let last: { key: string; chart: LevelsChartGeometry } | null = null;
  return (history) => {
    const start = history[0]?.levelsBefore;
    const key = [
      start === undefined ? '' : `${String(start.NS)}/${String(start.EW)}`,
      ...history.map(
        (h) => `${String(h.handNumber)}:${String(h.levelsAfter.NS)}/${String(h.levelsAfter.EW)}`,
      ),
    ].join(' ');
    if (last?.key !== key) last = { key, chart: levelsChart(history) };
    return last.chart;
  };
}
