import type { ValidationIssue } from '@tablecast/events';
import type { EntrantState } from '@tablecast/tournament';
import { parseCsv, toCsv } from './csv';

export interface EntrantRow {
  readonly entrant: string;
  readonly name: string;
  readonly unit: string | null;
  readonly seed: number | null;
}

const ID = /^[A-Za-z0-9_.:]{1,64}$/;
export const ENTRANT_COLUMNS = ['entrant', 'name', 'unit', 'seed'] as const;

/**
 * The entrants sheet: a header row naming the columns (`name` required; `entrant`, `unit` and
 * `seed` optional, any order), one pair per row. An entrant without an id gets `E<row>`.
 * Every bad cell is reported by row (1 = the header) and column.
 */
export function parseEntrantsCsv(text: string): { rows: EntrantRow[] } | { issues: ValidationIssue[] } {
  const table = parseCsv(text);
  const [header, ...body] = table;
  if (header === undefined)
    return { issues: [{ path: 'csv', message: 'the sheet is empty: a header row and one row per pair' }] };
  const columns = header.map((h) => h.trim().toLowerCase());
  const issues: ValidationIssue[] = [];
  for (const [i, c] of columns.entries())
    if (!(ENTRANT_COLUMNS as readonly string[]).includes(c))
      issues.push({
        path: `csv.row 1.column ${String(i + 1)}`,
        message: `unknown column "${c}" (known: ${ENTRANT_COLUMNS.join(', ')})`,
      });
  if (!columns.includes('name'))
    issues.push({ path: 'csv.row 1', message: 'the header needs a "name" column' });
  if (body.length === 0) issues.push({ path: 'csv', message: 'no pairs: one row per pair after the header' });
  if (issues.length > 0) return { issues };
  const rows: EntrantRow[] = [];
  const seen = new Map<string, number>();
  body.forEach((cells, index) => {
    const line = index + 2;
    const at = (column: string): string => (cells[columns.indexOf(column)] ?? '').trim();
    const where = (column: string): string => `csv.row ${String(line)}.${column}`;
    if (cells.length > columns.length)
      issues.push({
        path: `csv.row ${String(line)}`,
        message: `${String(cells.length)} cells for ${String(columns.length)} columns`,
      });
    const entrant =
      columns.includes('entrant') && at('entrant') !== '' ? at('entrant') : `E${String(index + 1)}`;
    if (!ID.test(entrant))
      issues.push({ path: where('entrant'), message: 'expected 1–64 letters, digits, _ . or :' });
    const earlier = seen.get(entrant);
    if (earlier !== undefined)
      issues.push({ path: where('entrant'), message: `${entrant} is already on row ${String(earlier)}` });
    seen.set(entrant, line);
    const name = at('name');
    if (name === '' || name.length > 120)
      issues.push({ path: where('name'), message: 'a name of 1–120 characters is required' });
    const unit = columns.includes('unit') && at('unit') !== '' ? at('unit') : null;
    if (unit !== null && unit.length > 120)
      issues.push({ path: where('unit'), message: 'at most 120 characters' });
    let seed: number | null = null;
    if (columns.includes('seed') && at('seed') !== '') {
      seed = /^\d+$/.test(at('seed')) ? Number(at('seed')) : NaN;
      if (!Number.isSafeInteger(seed) || seed < 1)
        issues.push({ path: where('seed'), message: `"${at('seed')}" is not a whole number from 1` });
    }
    rows.push({ entrant, name, unit, seed });
  });
  return issues.length > 0 ? { issues } : { rows };
}

export function entrantsCsv(entrants: Iterable<EntrantState>): string {
  return toCsv([
    [...ENTRANT_COLUMNS],
    ...[...entrants].map((e) => [e.entrant, e.name, e.unit ?? '', e.seed ?? '']),
  ]);
}
