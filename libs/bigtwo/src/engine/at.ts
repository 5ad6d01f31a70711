/**
 * The `at` of a choice's event: the server's time of the command, when it gave one. Left out
 * (not undefined) otherwise, so events decided without a time are exactly what they were.
 */
export function atOf(now: number | undefined): { readonly at?: number } {
  return now === undefined ? {} : { at: now };
}
