import { OVERLAY_HEIGHT, OVERLAY_WIDTH, type OverlayPage } from './final-scenes.plan';

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

/** One scene of the final: the overlay pages on air in it and the regions each may draw in. */
export interface SceneLayout {
  readonly sceneName: string;
  readonly pages: Readonly<Partial<Record<OverlayPage, readonly Region[]>>>;
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
  { sceneName: 'Break', pages: {} },
  { sceneName: 'Delay building', pages: {} },
];

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
