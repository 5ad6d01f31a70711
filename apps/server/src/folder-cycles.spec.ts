import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = __dirname;

/** Every import of one top-level folder of apps/server/src into another, by file (specs left out). */
type FolderGraph = ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

function folderOf(path: string): string {
  return relative(SRC, path).split(sep)[0] ?? '';
}

function folderGraph(): FolderGraph {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    // Type-only imports count: a folder that names another's types depends on it as much.
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      const to = folderOf(target);
      if (to === from || relative(SRC, target).startsWith('..')) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), `${relative(SRC, file)} imports ${fileName}`]);
    }
  }
  return graph;
}

/** One chain of imports leading from folder `from` to folder `to`, or null when there is none. */
function importPath(graph: FolderGraph, from: string, to: string): string[] | null {
  const queue: { folder: string; path: string[] }[] = [{ folder: from, path: [] }];
  const seen = new Set([from]);
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const [folder, imports] of graph.get(next.folder) ?? []) {
      const path = [...next.path, imports[0] ?? folder];
      if (folder === to) return path;
      if (seen.has(folder)) continue;
      seen.add(folder);
      queue.push({ folder, path });
    }
  }
  return null;
}

/** The chains of a cycle through both folders, or null when one cannot reach the other. */
function cycleThrough(graph: FolderGraph, a: string, b: string): string[] | null {
  const there = importPath(graph, a, b);
  const back = importPath(graph, b, a);
  return there && back ? [...there, ...back] : null;
}

describe('folder cycles of the server', () => {
  const graph = folderGraph();

  it('reads the real import graph (the layered imports are there)', () => {
    // Were the parser to find nothing, every check below would pass without looking.
    expect(importPath(graph, 'arbitration', 'matches')).not.toBeNull();
    expect(importPath(graph, 'matches', 'http')).not.toBeNull();
    expect(importPath(graph, 'auth', 'config')).not.toBeNull();
  });

  it.each([
    ['http', 'matches'],
    ['matches', 'arbitration'],
    ['http', 'arbitration'],
    ['config', 'auth'],
  ])('no folder cycle through %s and %s', (a, b) => {
    expect(cycleThrough(graph, a, b)).toBeNull();
  });

  it('the error kernel imports no other folder of the server: every folder may raise its errors', () => {
    expect([...(graph.get('errors')?.values() ?? [])].flat()).toEqual([]);
  });
});
