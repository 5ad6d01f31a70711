/**
 * Random ids for idempotency keys and request ids. `crypto.getRandomValues` rather than
 * `randomUUID`, because a venue LAN page served over plain http is not a secure context.
 */
export function randomId(prefix: string): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
