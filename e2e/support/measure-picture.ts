/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Page functions run in Chromium: they need the DOM types.
import type { Region } from '@tablecast/obs';

/** A painted box of an on-air page, or a graphic's extent, named for the failure message. */
export interface Box extends Region {
  readonly what: string;
}

/** Every painted box under the stage and every `[data-graphic]` root's extent, in page pixels. */
export function measurePicture(): { boxes: Box[]; graphics: Box[] } {
  const stage = document.querySelector('[data-testid="stage"]');
  if (stage === null) throw new Error('no stage');
  interface Rect {
    x: number;
    y: number;
    width: number;
    height: number;
  }
  const toRect = (r: DOMRect): Rect => ({ x: r.x, y: r.y, width: r.width, height: r.height });
  const clip = (a: Rect, b: Rect): Rect | null => {
    const x = Math.max(a.x, b.x);
    const y = Math.max(a.y, b.y);
    const right = Math.min(a.x + a.width, b.x + b.width);
    const bottom = Math.min(a.y + a.height, b.y + b.height);
    return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
  };
  /** Clipped by every ancestor inside the stage that hides its overflow (an ellipsis, a fan). */
  const visiblePart = (el: Element, rect: Rect): Rect | null => {
    let shown: Rect | null = rect;
    for (let a: Element | null = el; a !== null && a !== stage && shown !== null; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible')
        shown = clip(shown, toRect(a.getBoundingClientRect()));
    }
    return shown;
  };
  const painted = (el: Element): boolean => {
    if (el instanceof SVGElement) return el.tagName.toLowerCase() === 'svg';
    const s = getComputedStyle(el);
    const seen = (colour: string): boolean => !/rgba\(.*,\s*0\)$/.test(colour) && colour !== 'transparent';
    return (
      seen(s.backgroundColor) ||
      s.backgroundImage !== 'none' ||
      s.boxShadow !== 'none' ||
      ['Top', 'Right', 'Bottom', 'Left'].some(
        (side) =>
          parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
          seen(s.getPropertyValue(`border-${side.toLowerCase()}-color`)),
      )
    );
  };
  const shown = (el: Element): boolean => {
    const s = getComputedStyle(el);
    return s.display !== 'none' && s.visibility !== 'hidden' && Number(s.opacity) > 0;
  };
  const describe = (el: Element): string => {
    const tagged = el.closest('[data-testid]');
    const id = tagged?.getAttribute('data-testid') ?? '';
    return `${id} ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`.trim();
  };
  const boxes: (Rect & { what: string; el: Element })[] = [];
  for (const el of stage.querySelectorAll('*')) {
    if (!shown(el)) continue;
    if (painted(el)) {
      const part = visiblePart(el, toRect(el.getBoundingClientRect()));
      if (part !== null) boxes.push({ ...part, what: describe(el), el });
    }
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || (node.textContent ?? '').trim() === '') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        const part = visiblePart(el, toRect(r));
        if (part !== null)
          boxes.push({ ...part, what: `${describe(el)} "${(node.textContent ?? '').slice(0, 12)}"`, el });
      }
    }
  }
  const graphics = [...stage.querySelectorAll('[data-graphic]')].filter(shown).map((root) => {
    const inside = boxes.filter((b) => root.contains(b.el));
    const own = toRect(root.getBoundingClientRect());
    const x = Math.min(own.x, ...inside.map((b) => b.x));
    const y = Math.min(own.y, ...inside.map((b) => b.y));
    const right = Math.max(own.x + own.width, ...inside.map((b) => b.x + b.width));
    const bottom = Math.max(own.y + own.height, ...inside.map((b) => b.y + b.height));
    return { what: root.getAttribute('data-graphic') ?? '', x, y, width: right - x, height: bottom - y };
  });
  return { boxes: boxes.map(({ what, x, y, width, height }) => ({ what, x, y, width, height })), graphics };
}
