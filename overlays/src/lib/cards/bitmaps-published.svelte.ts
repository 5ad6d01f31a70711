/**
 * A counter bumped each time card bitmaps are published (card-bitmaps.ts): reading it makes a
 * card row redraw when its bitmaps arrive. A rune here rather than a SvelteMap there, so pages
 * that draw no card do not load svelte/reactivity.
 */
let published = $state(0);

export const bitmapsPublished = (): number => published;

export function publishBitmaps(): void {
  published += 1;
}
