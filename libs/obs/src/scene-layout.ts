import { OVERLAY_HEIGHT, OVERLAY_WIDTH, type FinalGame, type OverlayPage } from './final-scenes.plan';

/** A rectangle of the 1920x1080 frame, in pixels from its top-left corner. */
export interface Region {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The title-safe area: the middle 90 % of the frame (5 % margin on every side), where graphics stay
 * clear of the edges a display may crop.
 */
export const TITLE_SAFE: Region = {
  x: OVERLAY_WIDTH * 0.05,
  y: OVERLAY_HEIGHT * 0.05,
  width: OVERLAY_WIDTH * 0.9,
  height: OVERLAY_HEIGHT * 0.9,
};

/** A page a scene shows: a match's overlay page, or the tournament's "other tables" ticker. */
export type ScenePage = OverlayPage | 'ticker';

/** One scene of the final: the overlay pages on air in it and the regions each may draw in. */
export interface SceneLayout {
  readonly sceneName: string;
  readonly pages: Readonly<Partial<Record<ScenePage, readonly Region[]>>>;
}

/**
 * Where each graphic lives, all inside the title-safe area (x 96-1824, y 54-1026). The scorebug
 * holds the top band. Below it the table: West and East in the side columns (the deal and level
 * above West, the penalty bug above East), North and South at the top and bottom of the middle
 * column, and the space between them left to the moments (bomb, tribute, deal end, delay
 * building). The lower third sits at the bottom left, below the moments' space: the overhead shot
 * has no table graphic there.
 */
const SCOREBUG: Region = { x: 96, y: 54, width: 1728, height: 96 };
const PENALTY_BUG: Region = { x: 1404, y: 162, width: 420, height: 226 };
const MOMENT: Region = { x: 540, y: 424, width: 840, height: 340 };
const TABLE: readonly Region[] = [
  // The deal and level; West.
  { x: 96, y: 162, width: 420, height: 226 },
  { x: 96, y: 400, width: 420, height: 626 },
  // East.
  { x: 1404, y: 400, width: 420, height: 626 },
  // North; South.
  { x: 540, y: 162, width: 840, height: 250 },
  { x: 540, y: 776, width: 840, height: 250 },
];
const LOWER_THIRD: Region = { x: 96, y: 856, width: 1000, height: 170 };
/**
 * The ticker's band along the bottom of the title-safe area. It is on air only in the Break
 * scene (final-scenes.plan.ts), below the centred caption: in the Table scene it would cover
 * South's panel, in the Overhead scene the lower third.
 */
const TICKER: Region = { x: 96, y: 962, width: 1728, height: 64 };

/** The scenes `tablecast obs setup` builds (final-scenes.plan.ts), by name. */
export const SCENE_LAYOUTS: readonly SceneLayout[] = [
  {
    sceneName: 'Table',
    pages: { table: TABLE, scorebug: [SCOREBUG], moments: [PENALTY_BUG, MOMENT] },
  },
  {
    sceneName: 'Overhead',
    pages: { scorebug: [SCOREBUG], moments: [PENALTY_BUG, MOMENT], lowerthird: [LOWER_THIRD] },
  },
  { sceneName: 'Standings', pages: { standings: [TITLE_SAFE] } },
  { sceneName: 'Break', pages: { ticker: [TICKER] } },
  { sceneName: 'Delay building', pages: {} },
];

/** The scenes of a final of `game`, with the regions its pages draw in (its own table's shape). */
export function sceneLayoutsFor(game: FinalGame): readonly SceneLayout[] {
  return game === 'doudizhu'
    ? DOUDIZHU_SCENE_LAYOUTS
    : game === 'bigtwo'
      ? BIGTWO_SCENE_LAYOUTS
      : SCENE_LAYOUTS;
}

export function contains(outer: Region, inner: Region): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/** Two rectangles share some area (touching edges do not count). */
export function intersects(a: Region, b: Region): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Dou Dizhu and Big Two draw their seats as 540–560 px panels, wider than Guandan's side columns,
 * so their finals have layouts of their own, with the same scenes and pages. Their scorebug is one
 * line (y 54–115), so the band is 72 px; the standings and the lower third are Guandan's.
 */
const SKIN_SCOREBUG: Region = { x: 96, y: 54, width: 1728, height: 72 };

/**
 * Dou Dizhu's three seats: seat 2 and seat 1 at the sides (y 330–623), seat 0 at the bottom of the
 * middle column (its panel grows up to y 727 with a 20-card play), the board, the kitty and the
 * 倍数 at the top of it; at a board's end the board-end card over the top (y 132–426). The moments
 * (bomb, rocket, spring) sit between them (the skin's momentArea).
 */
const DOUDIZHU_TABLE: readonly Region[] = [
  // The board-end card; the centre (board, kitty, bid, 倍数).
  { x: 408, y: 128, width: 1104, height: 300 },
  { x: 660, y: 150, width: 600, height: 236 },
  // Seat 2 (left), seat 1 (right), seat 0 (bottom).
  { x: 96, y: 328, width: 562, height: 298 },
  { x: 1262, y: 328, width: 562, height: 298 },
  { x: 678, y: 725, width: 564, height: 301 },
];
const DOUDIZHU_MOMENT: Region = { x: 660, y: 430, width: 600, height: 295 };

/**
 * Big Two's four seats around a small centre (the board and its phase); at a board's end the
 * board-end card over the top half (y 150–572). The moment (who went out) sits below it, between
 * West and East and above South (the skin's momentArea).
 */
const BIGTWO_TABLE: readonly Region[] = [
  // The board-end card; the centre.
  { x: 408, y: 148, width: 1156, height: 426 },
  { x: 758, y: 468, width: 404, height: 63 },
  // North, South, West, East.
  { x: 688, y: 148, width: 544, height: 287 },
  { x: 688, y: 737, width: 544, height: 289 },
  { x: 96, y: 398, width: 542, height: 287 },
  { x: 1282, y: 398, width: 542, height: 287 },
];
const BIGTWO_MOMENT: Region = { x: 640, y: 576, width: 640, height: 160 };

function skinLayouts(table: readonly Region[], moment: Region): readonly SceneLayout[] {
  return [
    { sceneName: 'Table', pages: { table, scorebug: [SKIN_SCOREBUG], moments: [moment] } },
    {
      sceneName: 'Overhead',
      pages: { scorebug: [SKIN_SCOREBUG], moments: [moment], lowerthird: [LOWER_THIRD] },
    },
    { sceneName: 'Standings', pages: { standings: [TITLE_SAFE] } },
    { sceneName: 'Break', pages: { ticker: [TICKER] } },
    { sceneName: 'Delay building', pages: {} },
  ];
}

const DOUDIZHU_SCENE_LAYOUTS = skinLayouts(DOUDIZHU_TABLE, DOUDIZHU_MOMENT);
const BIGTWO_SCENE_LAYOUTS = skinLayouts(BIGTWO_TABLE, BIGTWO_MOMENT);
