/**
 * Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm), over the vertices
 * 0…m−1 of a pairing problem, with an `edge(i, j)` predicate and vertices that can be taken out.
 * It proves when no pairing exists, and lets a pairing be built pair by pair while the rest stays
 * pairable (fix a pair, then repair the matching with one augmenting path).
 */
export class Blossom {
  readonly mate: Int32Array;
  private readonly alive: Uint8Array;
  private readonly parent: Int32Array;
  private readonly base: Int32Array;
  private readonly used: Uint8Array;
  private readonly inBlossom: Uint8Array;

  constructor(
    private readonly m: number,
    private readonly edge: (i: number, j: number) => boolean,
  ) {
    this.mate = new Int32Array(m).fill(-1);
    this.alive = new Uint8Array(m).fill(1);
    this.parent = new Int32Array(m);
    this.base = new Int32Array(m);
    this.used = new Uint8Array(m);
    this.inBlossom = new Uint8Array(m);
  }

  /** Greedy start, then one augmenting search per exposed vertex; true when every vertex is matched. */
  maximise(): boolean {
    for (let i = 0; i < this.m; i += 1) {
      if (this.mate[i] !== -1) continue;
      for (let j = i + 1; j < this.m; j += 1)
        if (this.mate[j] === -1 && this.edge(i, j)) {
          this.mate[i] = j;
          this.mate[j] = i;
          break;
        }
    }
    let perfect = true;
    for (let i = 0; i < this.m; i += 1)
      if (this.alive[i] === 1 && this.mate[i] === -1 && !this.augment(i)) perfect = false;
    return perfect;
  }

  /**
   * Fixes the pair (a, b) if the other alive vertices can still all be matched; otherwise leaves the
   * matching as it was and returns false. The matching must be perfect on the alive vertices.
   */
  fix(a: number, b: number): boolean {
    const ma = this.mate[a] ?? -1;
    const mb = this.mate[b] ?? -1;
    this.alive[a] = 0;
    this.alive[b] = 0;
    if (ma === b) return true;
    this.mate[a] = b;
    this.mate[b] = a;
    this.mate[ma] = -1;
    this.mate[mb] = -1;
    if (this.augment(ma)) return true;
    this.alive[a] = 1;
    this.alive[b] = 1;
    this.mate[a] = ma;
    this.mate[ma] = a;
    this.mate[b] = mb;
    this.mate[mb] = b;
    return false;
  }

  private augment(root: number): boolean {
    let v = this.findPath(root);
    if (v === -1) return false;
    while (v !== -1) {
      const pv = this.parent[v] ?? -1;
      const ppv = this.mate[pv] ?? -1;
      this.mate[v] = pv;
      this.mate[pv] = v;
      v = ppv;
    }
    return true;
  }

  private at(array: Int32Array, i: number): number {
    return array[i] ?? -1;
  }

  private lca(x: number, y: number): number {
    const seen = new Uint8Array(this.m);
    let a = x;
    for (;;) {
      a = this.at(this.base, a);
      seen[a] = 1;
      const ma = this.at(this.mate, a);
      if (ma === -1) break;
      a = this.at(this.parent, ma);
    }
    let b = y;
    for (;;) {
      b = this.at(this.base, b);
      if (seen[b] === 1) return b;
      b = this.at(this.parent, this.at(this.mate, b));
    }
  }

  private markPath(from: number, b: number, child: number): void {
    let v = from;
    let children = child;
    while (this.at(this.base, v) !== b) {
      const mv = this.at(this.mate, v);
      this.inBlossom[this.at(this.base, v)] = 1;
      this.inBlossom[this.at(this.base, mv)] = 1;
      this.parent[v] = children;
      children = mv;
      v = this.at(this.parent, mv);
    }
  }

  private findPath(root: number): number {
    this.used.fill(0);
    this.parent.fill(-1);
    for (let i = 0; i < this.m; i += 1) this.base[i] = i;
    this.used[root] = 1;
    const queue = [root];
    // The queue grows while it is read; an array iterator sees the entries pushed meanwhile.
    for (const v of queue) {
      for (let to = 0; to < this.m; to += 1) {
        if (this.alive[to] !== 1 || to === v || !this.edge(v, to)) continue;
        if (this.base[v] === this.base[to] || this.mate[v] === to) continue;
        const mt = this.at(this.mate, to);
        if (to === root || (mt !== -1 && this.parent[mt] !== -1)) {
          const current = this.lca(v, to);
          this.inBlossom.fill(0);
          this.markPath(v, current, to);
          this.markPath(to, current, v);
          for (let i = 0; i < this.m; i += 1)
            if (this.inBlossom[this.at(this.base, i)] === 1) {
              this.base[i] = current;
              if (this.used[i] === 0) {
                this.used[i] = 1;
                queue.push(i);
              }
            }
        } else if (this.parent[to] === -1) {
          this.parent[to] = v;
          if (mt === -1) return to;
          this.used[mt] = 1;
          queue.push(mt);
        }
      }
    }
    return -1;
  }
}
