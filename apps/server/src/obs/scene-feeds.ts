import { SceneSetupInputError } from './setup-final-scenes.errors';

/** One browser source of a scene: its input name and the URL it loads. */
export interface ScenePage {
  readonly inputName: string;
  readonly url: string;
}

export interface SceneFeeds {
  readonly sceneName: string;
  readonly pages: readonly ScenePage[];
}

/** The two feeds a page on air may use: the live venue feed and the delayed broadcast feed. */
const AIR_FEEDS: ReadonlySet<string> = new Set(['venue', 'broadcast']);

/** The feed an overlay page's URL asks for (`feed=`), if it is one of the two; else undefined. */
export function overlayFeed(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!parsed.pathname.includes('/overlays/')) return undefined;
  const feed = parsed.searchParams.get('feed');
  return feed !== null && AIR_FEEDS.has(feed) ? feed : undefined;
}

/**
 * Refuses a scene whose overlay pages use both the venue and the broadcast feed: the venue feed
 * runs a whole security delay ahead, so a venue scorebug beside a broadcast table shows a level
 * change before the play that made it (and up to the delay early). The error names the scene and
 * each page with its feed.
 */
export function assertOneFeedPerScene(scenes: readonly SceneFeeds[]): void {
  for (const scene of scenes) {
    const withFeed = scene.pages.flatMap((page) => {
      const feed = overlayFeed(page.url);
      return feed === undefined ? [] : [{ ...page, feed }];
    });
    if (new Set(withFeed.map((page) => page.feed)).size > 1) {
      const list = withFeed.map((page) => `"${page.inputName}" (feed=${page.feed})`).join(', ');
      throw new SceneSetupInputError(
        `scene "${scene.sceneName}"`,
        `mixes the venue and broadcast feeds: ${list}; every page in one scene must use the same feed (the venue feed is live, the broadcast feed delayed), so change or remove the odd pages and run the setup again`,
      );
    }
  }
}
