import type { DoudizhuView } from '@tablecast/doudizhu';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'svelte/server';
import { skinFor } from '../../overlays/src/games/registry';
import type { SkinMoment } from '../../overlays/src/games/skin';
import { repoRoot } from './repo';

/** The moments page's own slot (MomentsPage.svelte, scene-layout.ts), for a skin without its own area. */
const MOMENT_AREA = 'left:540px;top:424px;width:840px;height:340px';

/**
 * One 1920×1080 on-air frame of Dou Dizhu as the frame pages draw it: the skin the registry picks
 * for the view's game (`skinFor`), its scorebug, its table and, in the moments page's slot, the
 * moment the skin finds in the view (`moments.latest`), each rendered by Svelte on the server and
 * styled by the overlays' shared sheet (on-air.css) and the components' own styles. Still
 * (`.still`): no animation, so a screenshot is the settled picture.
 */
export function doudizhuSkinPage(
  view: DoudizhuView,
  lang: 'zh-CN' | 'en',
  showHand: boolean,
): { html: string; moment: SkinMoment | null } {
  const skin = skinFor(view);
  if (skin === null) throw new Error('no skin registered for doudizhu');
  const nowMs = 0;
  const parts: { head: string; body: string; style: string }[] = [];
  const place = (rendered: { head: string; body: string }, style: string): void => {
    // The result's head and body are getters: read them, a spread would copy nothing.
    parts.push({ head: rendered.head, body: rendered.body, style });
  };
  place(render(skin.Table, { props: { view, lang, showHand, nowMs, delayMs: 0 } }), 'inset:0');
  place(render(skin.Scorebug, { props: { view, lang, nowMs, delayMs: 0 } }), 'inset:0');
  const moment = skin.moments.latest(view);
  const area = skin.momentArea;
  if (moment !== null)
    place(
      render(skin.Moment, { props: { view, lang, moment } }),
      `${area === undefined ? MOMENT_AREA : `left:${String(area.x)}px;top:${String(area.y)}px;width:${String(area.width)}px;height:${String(area.height)}px`};display:flex;align-items:center;justify-content:center`,
    );
  const sheet = readFileSync(join(repoRoot, 'overlays/src/lib/on-air/on-air.css'), 'utf8');
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><style>${sheet}</style>${parts.map((p) => p.head).join('')}</head>
<body><div class="on-air-stage still" data-testid="stage" data-revision="${String(view.revision)}">${parts
    .map((p) => `<div style="position:absolute;${p.style}">${p.body}</div>`)
    .join('')}</div></body></html>`;
  return { html, moment };
}
