/**
 * Message-to-paint marks for bench/overlays.bench.ts: a mark when a frame is applied to the feed
 * state, and a measure once the DOM shows it (inside the animation frame that renders it, right
 * before the browser paints). Named by seq so the bench can pair them.
 */
const canMeasure = (): boolean =>
  typeof performance !== 'undefined' && typeof performance.mark === 'function';

export function markFrameArrived(seq: number): void {
  if (canMeasure()) performance.mark(`tablecast-frame-${String(seq)}`);
}

/** Every frame applied since the last paint is now in the DOM (a newer view supersedes older ones). */
export function measureFramesPainted(seqs: readonly number[]): void {
  if (!canMeasure()) return;
  for (const seq of seqs)
    performance.measure(`tablecast-paint-${String(seq)}`, `tablecast-frame-${String(seq)}`);
}
