/**
 * Message-to-paint marks for bench/overlays.bench.ts: a mark when a frame is applied, and a measure
 * in the next animation frame, i.e. after Svelte has flushed the DOM update (a microtask) and just
 * before the browser paints it. Named by seq so the bench can pair them.
 */
export function markFrameArrived(seq: number): void {
  if (typeof performance === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
  const start = `tablecast-frame-${String(seq)}`;
  performance.mark(start);
  requestAnimationFrame(() => {
    performance.measure(`tablecast-paint-${String(seq)}`, start);
  });
}
