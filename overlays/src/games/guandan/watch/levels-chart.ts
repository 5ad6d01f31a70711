import type { HandResultView } from '@tablecast/protocol';

export interface ChartPoint {
  readonly deal: number;
  readonly x: number;
  readonly y: number;
}

export interface LevelsChartGeometry {
  readonly width: number;
  readonly height: number;
  /** Right and top margin. */
  readonly pad: number;
  /** Left margin: room for the level labels, "past A" the widest. */
  readonly padLeft: number;
  /** Bottom margin: room for the deal numbers. */
  readonly padBottom: number;
  readonly lines: Readonly<Record<'NS' | 'EW', readonly ChartPoint[]>>;
  /** y of each level index 0…13, for the grid and its labels. */
  readonly gridY: readonly number[];
  /** The deal numbers written under the axis: every deal while they fit, else every k-th and the last. */
  readonly ticks: readonly { readonly deal: number; readonly x: number }[];
}

/** The closest two deal numbers may sit on the axis, in px (a 3-digit number at 13 px is ~22 px wide). */
const MIN_TICK_SPACING = 28;

/**
 * Levels over time in CSS pixels (the SVG is drawn at the size it is shown, so a 13 px label is
 * 13 px on a phone too): deal 0 is the start (both at 2), then each finished deal's levels after
 * it, from the server's history. Level index 13 is past A.
 */
export function levelsChart(
  history: readonly HandResultView[],
  width = 640,
  height = 260,
): LevelsChartGeometry {
  const pad = 12;
  const padLeft = 52;
  const padBottom = 28;
  const deals = Math.max(history.length, 1);
  const step = (width - padLeft - pad) / deals;
  const x = (deal: number): number => padLeft + step * deal;
  const y = (level: number): number => height - padBottom - ((height - padBottom - pad) * level) / 13;
  const line = (team: 'NS' | 'EW'): ChartPoint[] => [
    { deal: 0, x: x(0), y: y(history[0]?.levelsBefore[team] ?? 0) },
    ...history.map((h, i) => ({ deal: h.handNumber, x: x(i + 1), y: y(h.levelsAfter[team]) })),
  ];
  const every = Math.max(1, Math.ceil(MIN_TICK_SPACING / step));
  const ticks = history
    .map((h, i) => ({ deal: h.handNumber, x: x(i + 1), i }))
    .filter(({ i }) => (i + 1) % every === 0 || i === history.length - 1)
    // The last deal always gets its number; the regular one just before it gives way if too close.
    .filter(
      ({ i }, _, all) => i === history.length - 1 || (all.at(-1)?.x ?? 0) - x(i + 1) >= MIN_TICK_SPACING,
    )
    .map(({ deal, x: at }) => ({ deal, x: at }));
  return {
    width,
    height,
    pad,
    padLeft,
    padBottom,
    lines: { NS: line('NS'), EW: line('EW') },
    gridY: Array.from({ length: 14 }, (_, level) => y(level)),
    ticks,
  };
}

/**
 * `levelsChart` that hands back the same geometry while the levels it draws and its width are
 * unchanged: every feed frame carries a new copy of the history, and the chart only moves when a
 * deal ends (or a correction changes a past one), so the page does not walk every point on every play.
 */
export function cachedLevelsChart(): (
  history: readonly HandResultView[],
  width?: number,
) => LevelsChartGeometry {
  let last: { key: string; chart: LevelsChartGeometry } | null = null;
  return (history, width = 640) => {
    const start = history[0]?.levelsBefore;
    const key = [
      String(width),
      start === undefined ? '' : `${String(start.NS)}/${String(start.EW)}`,
      ...history.map(
        (h) => `${String(h.handNumber)}:${String(h.levelsAfter.NS)}/${String(h.levelsAfter.EW)}`,
      ),
    ].join(' ');
    if (last?.key !== key) last = { key, chart: levelsChart(history, width) };
    return last.chart;
  };
}
