/** What a key press asks the console to do (the page binds keys; the store does the rest). */
export type KeyIntent =
  | { readonly kind: 'primary' }
  | { readonly kind: 'pass' }
  | { readonly kind: 'clear' }
  | { readonly kind: 'deal' }
  | { readonly kind: 'pick'; readonly index: number }
  | { readonly kind: 'page'; readonly delta: 1 | -1 }
  | { readonly kind: 'reading'; readonly index: number }
  | { readonly kind: 'undo' }
  | { readonly kind: 'correction'; readonly confirm: boolean }
  | { readonly kind: 'appeal' };

export interface KeyContext {
  /** Readings offered for a GD-WILD-5 declaration; while open, letters choose among them. */
  readonly readingChoices: number;
}

/** Keyboard map of the console: Enter act, P/Space pass, Esc clear, 1–9 pick, [ ] page, D deal, U undo, Y/N decide, F file an appeal. */
export function intentForKey(key: string, context: KeyContext): KeyIntent | null {
  if (key === 'Escape') return { kind: 'clear' };
  if (context.readingChoices > 0) {
    // While a GD-WILD-5 declaration is asked, only its letters (and Esc) do anything.
    if (!/^[a-z]$/i.test(key)) return null;
    const index = key.toLowerCase().charCodeAt(0) - 'a'.charCodeAt(0);
    return index < context.readingChoices ? { kind: 'reading', index } : null;
  }
  if (key === 'Enter') return { kind: 'primary' };
  if (key === 'p' || key === 'P' || key === ' ') return { kind: 'pass' };
  if (key === 'd' || key === 'D') return { kind: 'deal' };
  // Keying corrections: U asks to undo this console's last entry; the referee answers Y or N.
  if (key === 'u' || key === 'U') return { kind: 'undo' };
  if (key === 'y' || key === 'Y') return { kind: 'correction', confirm: true };
  if (key === 'n' || key === 'N') return { kind: 'correction', confirm: false };
  // F, not A: A is a rank, and suits and ranks are what operators type when keying cards.
  if (key === 'f' || key === 'F') return { kind: 'appeal' };
  if (/^[1-9]$/.test(key)) return { kind: 'pick', index: Number(key) - 1 };
  if (key === ']' || key === 'PageDown') return { kind: 'page', delta: 1 };
  if (key === '[' || key === 'PageUp') return { kind: 'page', delta: -1 };
  return null;
}

/** Letters that label reading choices: a, b, c … */
export function choiceLetter(index: number): string {
  return String.fromCharCode('a'.charCodeAt(0) + index);
}
