import type { MatchState } from '@tablecast/guandan';
import type { RulingIssued } from '@tablecast/events';
import type { MatchNames } from '@tablecast/protocol';
import type { CorrectedScoreboard } from './scoreboard-corrections';

export interface MatchRecordInput {
  readonly board: CorrectedScoreboard;
  readonly table: string;
  readonly players: MatchState['players'];
  /** The players' names from MatchCreated (the sheet is signed by people); ids when null. */
  readonly names: MatchNames | null;
  readonly penalties: readonly { readonly seat: string; readonly sanction: string; readonly rule: string }[];
  readonly rulings: readonly RulingIssued['data'][];
  readonly verification: string;
  readonly generatedAt: string;
}

const DEALS_ON_FORM = 9;

/** Match points are kept in tenths (DEC-T-2): 15 is 1.5. */
const tenths = (n: number): string => (n % 10 === 0 ? String(n / 10) : (n / 10).toFixed(1));

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

/**
 * The printable match record: the 计副制 score sheet of 000 附录二/三 (TRN-SCORE-5) — one sheet per
 * round and table, each side (南北方, 东西方) with its pair and players, one column per deal with
 * the level reached (up to 9 on the form, more continue on the same row), then 牌级 (final level),
 * 级分 (level points) and 场分 (match points), the fouls field and the signatures of both sides
 * and the arbiter; below, every correction and ruling that changed the record (GD-APL-3).
 * Self-contained HTML with A4 print CSS.
 */
export function matchRecordHtml(input: MatchRecordInput): string {
  const { board } = input;
  const deals = Math.max(DEALS_ON_FORM, board.hands.length);
  const result = board.result;
  const row = (
    team: 'NS' | 'EW',
    side: string,
    seats: readonly ['S' | 'E' | 'N' | 'W', 'S' | 'E' | 'N' | 'W'],
  ) => {
    const cells = Array.from({ length: deals }, (_, i) => {
      const hand = board.hands[i];
      if (!hand) return '<td></td>';
      const mark = hand.voidedBy ? ' class="void"' : hand.correctedBy ? ' class="corrected"' : '';
      return `<td${mark}>${escape(levelLabel(hand.levelsAfter[team]))}</td>`;
    }).join('');
    const fouls = input.penalties.filter(
      (p) => seats.includes(p.seat as never) && p.sanction !== 'warning',
    ).length;
    return `<tr><th>${side}<br><small>${escape(board.teams[team].name)}</small><br><small>${seats
      .map((s) => `${s} ${escape(playerName(input, s))}`)
      .join(' · ')}</small></th>${cells}<td>${escape(levelLabel(board.levels[team]))}</td><td>${
      result ? String(result.levelPoints[team]) : ''
    }</td><td>${result ? tenths(result.matchPoints[team]) : ''}</td><td>${String(fouls)}</td></tr>`;
  };
  const corrections = (board.corrections ?? [])
    .map(
      (c) =>
        `<li>${escape(c.correctionId)} — ${escape(c.reason)}${c.rulingId ? ` (裁决 ruling ${escape(c.rulingId)})` : ''}${
          c.handNumber === null
            ? ' 比赛结果 match result'
            : ` 第${String(c.handNumber)}副 hand ${String(c.handNumber)}`
        }: ${escape(c.effect)} — ${escape(c.note)}</li>`,
    )
    .join('');
  const rulings = input.rulings
    .map(
      (r) =>
        `<li>${escape(r.rulingId)} (申诉 appeal ${escape(r.appealId)}): ${escape(r.outcome)} — ${r.votes
          .map((v) => `${escape(v.memberId)}: ${v.vote === 'uphold' ? '支持 uphold' : '驳回 dismiss'}`)
          .join(', ')}</li>`,
    )
    .join('');
  const original = board.originalResult
    ? `<p class="note">原记录 Originally recorded: 级分 ${String(board.originalResult.levelPoints.NS)}:${String(
        board.originalResult.levelPoints.EW,
      )}, 场分 ${tenths(board.originalResult.matchPoints.NS)}:${tenths(board.originalResult.matchPoints.EW)} — 已由 ${escape(
        board.resultCorrectedBy?.rulingId ?? board.resultCorrectedBy?.correctionId ?? '',
      )} 更正 corrected</p>`
    : '';
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>掼蛋比赛记分表 ${escape(board.matchId)}</title>
<style>
  @page { size: A4 landscape; margin: 12mm; }
  body { font-family: "Noto Sans CJK SC", "Source Han Sans SC", sans-serif; font-size: 10.5pt; color: #000; }
  h1 { font-size: 16pt; text-align: center; margin: 0 0 4mm; }
  table { width: 100%; border-collapse: collapse; table-layout: fixed; }
  th, td { border: 1px solid #000; padding: 1.5mm; text-align: center; vertical-align: middle; }
  th:first-child { width: 45mm; text-align: left; }
  td.corrected { background: #eee; font-weight: bold; }
  td.void { text-decoration: line-through; }
  small { font-weight: normal; }
  .meta, .note { margin: 2mm 0; }
  .signatures { display: flex; justify-content: space-between; margin-top: 10mm; }
  .signatures div { width: 30%; border-top: 1px solid #000; padding-top: 1mm; text-align: center; }
  section { break-inside: avoid; margin-top: 5mm; }
  @media screen { body { max-width: 277mm; margin: 10mm auto; } }
</style>
</head>
<body>
<h1>掼蛋比赛记分表（计副制）<br><small>Guandan score sheet (fixed deals)</small></h1>
<p class="meta">比赛 Match ${escape(board.matchId)} · 桌 Table ${escape(input.table)} · 规则 Ruleset ${escape(
    board.ruleset,
  )} · 生成 Generated ${escape(input.generatedAt)}</p>
<table>
<thead><tr><th>方 Side</th>${Array.from({ length: deals }, (_, i) => `<th>${String(i + 1)}</th>`).join(
    '',
  )}<th>牌级<br><small>level</small></th><th>级分<br><small>level pts</small></th><th>场分<br><small>match pts</small></th><th>犯规<br><small>fouls</small></th></tr></thead>
<tbody>
${row('NS', '南北方 N–S', ['S', 'N'])}
${row('EW', '东西方 E–W', ['E', 'W'])}
</tbody>
</table>
${original}
<section><h2>更正 Corrections</h2>${corrections ? `<ul>${corrections}</ul>` : '<p>无 None</p>'}</section>
<section><h2>仲裁裁决 Rulings</h2>${rulings ? `<ul>${rulings}</ul>` : '<p>无 None</p>'}</section>
<p class="note">哈希链 Hash chain: ${escape(input.verification)}</p>
<div class="signatures"><div>南北方签字 N–S signature</div><div>东西方签字 E–W signature</div><div>裁判员签字 Arbiter signature</div></div>
</body>
</html>
`;
}

const LEVELS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', 'A+'];

/** A seat's player by name; the id when MatchCreated gave no name for the seat. */
function playerName(input: MatchRecordInput, seat: 'S' | 'E' | 'N' | 'W'): string {
  const name = input.names?.players[seat] ?? '';
  return name === '' ? input.players[seat] : name;
}

/** A level as written on the sheet: 10, not the card code T. */
function levelLabel(index: number): string {
  return LEVELS[index] ?? String(index);
}
