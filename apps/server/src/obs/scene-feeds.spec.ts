import { describe, expect, it } from 'vitest';
import type { ObsConnection, ObsInput, ObsSceneItem } from '@tablecast/obs';
import { assertOneFeedPerScene, overlayFeed } from './scene-feeds';
import { SceneSetupInputError, setupFinalScenes } from './setup-final-scenes';

const base = 'http://127.0.0.1:3000/overlays';

describe('one feed per scene', () => {
  it('reads the feed of an overlay URL, nothing from other URLs', () => {
    expect(overlayFeed(`${base}/table/?match=F1&feed=broadcast`)).toBe('broadcast');
    expect(overlayFeed(`${base}/scorebug/?table=final-1&feed=venue`)).toBe('venue');
    expect(overlayFeed(`${base}/scorebug/?match=F1`)).toBeUndefined();
    expect(overlayFeed('https://example.org/clock/?feed=venue')).toBeUndefined();
    expect(overlayFeed('not a url')).toBeUndefined();
  });

  it('accepts scenes on one feed each (two scenes on different feeds are two shows’ worth, not a mix)', () => {
    expect(() => {
      assertOneFeedPerScene([
        {
          sceneName: 'Table',
          pages: [
            { inputName: 'TC table', url: `${base}/table/?match=F1&feed=broadcast` },
            { inputName: 'TC scorebug', url: `${base}/scorebug/?match=F1&feed=broadcast` },
            { inputName: 'Sponsor', url: 'https://example.org/logo.html' },
          ],
        },
        {
          sceneName: 'Hall monitor',
          pages: [{ inputName: 'Hall', url: `${base}/table/?match=F1&feed=venue` }],
        },
      ]);
    }).not.toThrow();
  });

  it('refuses a scene mixing venue and broadcast, naming the scene and each page with its feed', () => {
    expect(() => {
      assertOneFeedPerScene([
        {
          sceneName: 'Table',
          pages: [
            { inputName: 'TC table', url: `${base}/table/?match=F1&feed=broadcast` },
            { inputName: 'Old scorebug', url: `${base}/scorebug/?match=F1&feed=venue` },
          ],
        },
      ]);
    }).toThrow(
      new SceneSetupInputError(
        'scene "Table"',
        'mixes the venue and broadcast feeds: "TC table" (feed=broadcast), "Old scorebug" (feed=venue); every page in one scene must use the same feed (the venue feed is live, the broadcast feed delayed), so change or remove the odd pages and run the setup again',
      ),
    );
  });
});

/**
 * An OBS scene collection in memory, as far as the setup reads it before changing anything: the
 * real OBS the int specs start has no browser source, so it cannot hold the page this needs.
 */
function obsWithHandPlacedPage(url: string): { conn: ObsConnection; changes: string[] } {
  const changes: string[] = [];
  const inputs: ObsInput[] = [{ inputName: 'Hand scorebug', inputKind: 'browser_source' }];
  const items: Record<string, ObsSceneItem[]> = {
    Table: [{ sceneItemId: 1, sourceName: 'Hand scorebug', enabled: true }],
  };
  const partial: Partial<ObsConnection> = {
    name: 'main',
    listInputKinds: () => Promise.resolve(['browser_source', 'color_source_v3', 'text_ft2_source_v2']),
    useSceneCollection: () => Promise.resolve(),
    getVideoSize: () => Promise.resolve({ width: 1920, height: 1080 }),
    listScenes: () => Promise.resolve(Object.keys(items)),
    listInputs: () => Promise.resolve(inputs),
    listSceneItems: (scene) => Promise.resolve(items[scene] ?? []),
    getInputSettings: () => Promise.resolve({ url, width: 1920, height: 1080 }),
    createScene: (name) => {
      changes.push(`createScene ${name}`);
      return Promise.resolve();
    },
    createInput: (input) => {
      changes.push(`createInput ${input.inputName}`);
      return Promise.resolve(changes.length);
    },
  };
  return { conn: partial as ObsConnection, changes };
}

describe('obs setup with a page already placed in a scene', () => {
  it('refuses before creating anything when that page is on the venue feed and the plan is on broadcast', async () => {
    const { conn, changes } = obsWithHandPlacedPage(`${base}/scorebug/?match=F1&feed=venue&lang=zh-CN`);
    await expect(
      setupFinalScenes(conn, { follow: { table: 'F1' }, baseUrl: 'http://127.0.0.1:3000' }),
    ).rejects.toThrow(
      /^scene "Table" mixes the venue and broadcast feeds: "TC table" \(feed=broadcast\), "TC scorebug" \(feed=broadcast\), "TC moments" \(feed=broadcast\), "Hand scorebug" \(feed=venue\);/,
    );
    expect(changes).toEqual([]);
  });
});
