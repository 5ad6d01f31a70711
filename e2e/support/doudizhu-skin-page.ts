import type { DoudizhuView } from '@tablecast/doudizhu';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'svelte/server';
import DoudizhuBoardEnd from '../../overlays/src/games/doudizhu/DoudizhuBoardEnd.svelte';
import DoudizhuMoment from '../../overlays/src/games/doudizhu/DoudizhuMoment.svelte';
import DoudizhuScorebug from '../../overlays/src/games/doudizhu/DoudizhuScorebug.svelte';
import DoudizhuTable from '../../overlays/src/games/doudizhu/DoudizhuTable.svelte';
import { doudizhuText, type DoudizhuLang } from '../../overlays/src/games/doudizhu/labels';
import type { DoudizhuSceneKind } from './doudizhu-scenes';
import { repoRoot } from './repo';

/**
 * One 1920×1080 on-air frame of the Dou Dizhu skin, rendered by Svelte on the server from a view
 * and styled by the overlays' shared sheet (on-air.css) and each component's own styles: the
 * scorebug detail top left (the scorebug's band), and for a bomb or the rocket the table with the
 * moment in its middle; for spring and anti-spring the moment over the board-end card. Still
 * (`.still`): no animation, so a screenshot is the settled picture.
 */
export function doudizhuSkinPage(
  kind: DoudizhuSceneKind,
  seat: number | null,
  view: DoudizhuView,
  lang: DoudizhuLang,
): string {
  const text = doudizhuText(lang);
  const parts: { head: string; body: string; style: string }[] = [];
  const place = (rendered: { head: string; body: string }, style: string): void => {
    // The result's head and body are getters: read them, a spread would copy nothing.
    parts.push({ head: rendered.head, body: rendered.body, style });
  };
  place(render(DoudizhuScorebug, { props: { view, text } }), 'top:54px;left:96px');
  const moment = render(DoudizhuMoment, { props: { kind, seat, view, text, lang } });
  if (kind === 'bomb' || kind === 'rocket') {
    place(render(DoudizhuTable, { props: { view, text, lang } }), 'inset:0');
    place(moment, 'top:400px;left:660px;width:600px;display:flex;justify-content:center');
  } else {
    place(moment, 'top:140px;left:0;width:1920px;display:flex;justify-content:center');
    place(render(DoudizhuBoardEnd, { props: { view, text } }), 'top:470px;left:460px');
  }
  const sheet = readFileSync(join(repoRoot, 'overlays/src/lib/on-air/on-air.css'), 'utf8');
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><style>${sheet}</style>${parts.map((p) => p.head).join('')}</head>
<body><div class="on-air-stage still" data-testid="stage" data-revision="${String(view.revision)}">${parts
    .map((p) => `<div style="position:absolute;${p.style}">${p.body}</div>`)
    .join('')}</div></body></html>`;
}
