import type { StepValue } from '@tablecast/tournament';

/** Text in a sheet's HTML: every character that could open markup written as a numeric reference. */
export const escapeHtml = (text: string | number): string =>
  String(text).replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/**
 * A printable sheet in zh-CN: each section on its own page, bordered tables kept whole on a page.
 * The 附录 forms with numbers in every cell centre them; the score sheets keep names left-aligned.
 */
export function sheetPage(title: string, body: string, cells: 'centred' | 'left' = 'centred'): string {
  const align = cells === 'centred' ? ';text-align:center' : '';
  return (
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    '<style>body{font-family:sans-serif}table{border-collapse:collapse;margin:1em 0;page-break-inside:avoid}' +
    `td,th{border:1px solid #000;padding:4px 8px${align}}section{page-break-after:always}</style></head>` +
    `<body>${body}</body></html>`
  );
}

/** One table row of a sheet, every cell escaped. */
export const sheetRow = (cells: readonly (string | number)[], tag = 'td'): string =>
  `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;

/** A tie-break value in a sheet's cell: the exact decimal, place counts "3/0/1", or empty. */
export const sheetValue = (value: StepValue | undefined): string =>
  value === undefined
    ? ''
    : value.kind === 'number'
      ? value.value
      : value.kind === 'counts'
        ? value.value.join('/')
        : '';
