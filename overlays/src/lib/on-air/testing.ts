import type { MatchView } from '@tablecast/protocol';
import { scene, type SceneName } from '../feed/fixtures/recorded';

/** The view of a recorded scene (never hand-written: scripts/record-overlay-fixtures.ts made it). */
export function recordedView(name: SceneName, feed: 'venue' | 'broadcast'): MatchView {
  const view = scene(name, feed).view;
  if (view === null) throw new Error(`scene ${name} on ${feed} has no view`);
  return view;
}

/** Every card id drawn in server-rendered HTML (CardRow marks each with data-card). */
export function drawnCards(html: string): string[] {
  return [...html.matchAll(/data-card="([^"]+)"/g)].map((m) => m[1] ?? '');
}
