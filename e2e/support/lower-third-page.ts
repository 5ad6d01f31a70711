import type { MatchView } from '@tablecast/protocol';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'svelte/server';
import type { FeedStore } from '../../overlays/src/lib/feed/feed-store.svelte';
import { readPageParams } from '../../overlays/src/lib/feed/page-params';
import LowerThirdPage from '../../overlays/src/pages/lowerthird/LowerThirdPage.svelte';
import { repoRoot } from './repo';

/**
 * The lower-third page (overlays/src/pages/lowerthird) as a URL opens it: its parameters read by the
 * page's own parser from `search` (`?match=…&seat=…&lang=…`), the view handed over as the feed
 * store holds it once the first frame has arrived, the page rendered by Svelte on the server and
 * styled by the overlays' shared sheet. A feed's view is typed as the protocol's MatchView whatever
 * the game; the page picks the skin by `view.game`.
 */
export function lowerThirdPageHtml(
  view: { readonly revision: number; readonly game?: string },
  search: string,
): string {
  const params = readPageParams(search);
  const store: FeedStore = {
    state: {
      matchId: 'm',
      audience: params.feed,
      game: view.game ?? null,
      connection: 'open',
      status: null,
      view: view as unknown as MatchView,
      event: null,
      seq: 1,
      awaitingSnapshot: false,
    },
    cue: null,
    close: () => undefined,
  };
  const rendered = render(LowerThirdPage, { props: { store, params } });
  const sheet = readFileSync(join(repoRoot, 'overlays/src/lib/on-air/on-air.css'), 'utf8');
  return `<!doctype html>
<html lang="${params.lang}"><head><meta charset="utf-8"><style>${sheet}</style>${rendered.head}</head>
<body>${rendered.body}</body></html>`;
}
