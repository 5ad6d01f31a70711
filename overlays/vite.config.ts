import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { bundleSourceRoots, sourceBuildId } from './build-id.ts';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// Every overlay is its own HTML entry so OBS loads only the JavaScript that page needs.
export default defineConfig({
  root: here('./src/pages'),
  base: '/overlays/',
  plugins: [svelte({ configFile: here('./svelte.config.js') })],
  // The build id pages announce to the producer: changes when the bundle's sources do.
  define: {
    __TABLECAST_BUILD__: JSON.stringify(sourceBuildId(bundleSourceRoots(here('.')))),
  },
  resolve: {
    // The protocol library is TypeScript source shared with the server; Vite compiles it directly.
    alias: {
      // Its zod-free producer contract (cue lists, API answers), for pages that must not bundle zod;
      // listed first: the first alias whose name prefixes the import wins.
      '@tablecast/protocol/producer': here('../libs/protocol/src/producer/index.ts'),
      // A game's view subpath (types and pure presentational helpers) and the cards' view subpath.
      '@tablecast/guandan/view': here('../libs/guandan/src/view.ts'),
      '@tablecast/cards/view': here('../libs/cards/src/view.ts'),
      '@tablecast/doudizhu/view': here('../libs/doudizhu/src/view.ts'),
      '@tablecast/bigtwo/view': here('../libs/bigtwo/src/view.ts'),
      ...Object.fromEntries(
        ['protocol', 'guandan', 'cards'].map((name) => [
          `@tablecast/${name}`,
          here(`../libs/${name}/src/index.ts`),
        ]),
      ),
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        status: here('./src/pages/status/index.html'),
        // The landing page served at `/`: every table, its state and its pages.
        landing: here('./src/pages/landing/index.html'),
        console: here('./src/pages/console/index.html'),
        // The arbitration committee's replay.
        replay: here('./src/pages/replay/index.html'),
        // The producer dashboard.
        producer: here('./src/pages/producer/index.html'),
        // A countdown to a set time (before the match, back from a break): an OBS browser source.
        countdown: here('./src/pages/countdown/index.html'),
        // The commentary booth's monitor: every hand, the legal plays, stats (staff token).
        commentator: here('./src/pages/commentator/index.html'),
        // The player terminal: one seat's tablet (Dou Dizhu).
        play: here('./src/pages/play/index.html'),
        // On-air overlays and the spectator site.
        ...Object.fromEntries(
          [
            ...['scorebug', 'table', 'moments', 'standings', 'lowerthird', 'watch'],
            // The tournament's pages (its feed at /ws/tournament): on air, and the spectator site's event page.
            ...['bracket', 'pairings', 'ticker', 'event'],
          ].map((page) => [page, here(`./src/pages/${page}/index.html`)]),
        ),
      },
    },
  },
});
