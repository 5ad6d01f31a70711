import { posix } from 'node:path';

/** A reference in a tracked file to a path outside the repository. */
export interface OutsideReference {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** Absolute paths of a developer's machine or of the folder beside the clone. */
const MACHINE_PATH = /(?<![\w.$/-])\/(?:work|home|Users)\/[\w.@-]+/g;
/**
 * The sibling folder some checkouts happen to have beside the clone, named with its parents
 * (../shared) or by its own folders (shared/rules/…); the repository has no shared/ folder.
 */
const SIBLING_SHARED = /(?<![\w.-])(?:(?:\.\.\/)+shared\b|shared\/(?:rules|obs|kafka|seeds|hooks)\/)/g;
/** A relative path that climbs: '../x', "../../y", `../z`, (../w), ../v in prose or markdown. */
const CLIMBING_PATH = /(?<![\w.$/)-])((?:\.\.\/)+)[^\s'"`),;]*/g;
/** Path segments given one by one: join(__dirname, '..', '..', …). */
const PARENT_SEGMENTS = /(?:__dirname|import\.meta\.dirname)\s*,\s*((?:(['"])\.\.\2\s*,?\s*)+)/g;

/** Where `climbs` parent steps from the file's folder land, relative to the repository root. */
function escapes(file: string, climbs: number): boolean {
  const landed = posix.normalize(posix.join(posix.dirname(file), ...Array<string>(climbs).fill('..')));
  return landed === '..' || landed.startsWith('../');
}

/**
 * The references of one tracked file (path relative to the repository root, posix separators) to
 * paths outside the repository. A relative path counts from the file's own folder, as imports,
 * markdown links, tsconfig paths and `__dirname` joins do.
 */
export function outsideReferences(file: string, source: string): OutsideReference[] {
  const found: OutsideReference[] = [];
  source.split('\n').forEach((text, index) => {
    const flag = (): void => {
      found.push({ file, line: index + 1, text: text.trim() });
    };
    if (MACHINE_PATH.test(text) || SIBLING_SHARED.test(text)) flag();
    else if ([...text.matchAll(CLIMBING_PATH)].some((m) => escapes(file, (m[1] ?? '').length / 3))) flag();
    MACHINE_PATH.lastIndex = 0;
    SIBLING_SHARED.lastIndex = 0;
  });
  // Segment lists may span lines once formatted: read them in the whole source.
  for (const m of source.matchAll(PARENT_SEGMENTS)) {
    if (!escapes(file, (m[1]?.match(/\.\./g) ?? []).length)) continue;
    const line = source.slice(0, m.index).split('\n').length;
    if (!found.some((r) => r.line === line)) found.push({ file, line, text: m[0].replace(/\s+/g, ' ') });
  }
  return found.sort((a, b) => a.line - b.line);
}
