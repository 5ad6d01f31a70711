/**
 * The on-air rule for long names (the setup allows 64 characters, nameSchema): a name is cut by its
 * display width, not its length, because a Chinese character takes about twice the room of a
 * Latin letter at the same size. A wide character (CJK, fullwidth forms, Hangul, kana) counts 2,
 * any other 1; a name wider than its graphic's room keeps what fits and ends in "…" (counted 1).
 * The graphic's `.fit-name` style (on-air.css) still cuts by pixels behind it, for the rare run of
 * wide Latin letters (MMMM) the count underrates.
 */

/** The room each graphic gives a name, in display-width units (CJK 2, Latin 1). */
export const NAME_ROOM = {
  /** A team on the scorebug: 8 Chinese characters, 16 Latin letters, at 28 px. */
  scorebugTeam: 16,
  /** The player on the lower third: 10 Chinese characters at 54 px. */
  lowerThirdPlayer: 20,
  /** The team on the lower third's second line. */
  lowerThirdTeam: 16,
  /** The referee's note on the penalty bug, one line of its 380 px at 22 px. */
  penaltyNote: 30,
} as const;

const ELLIPSIS = '…';

/**
 * East Asian Wide and Fullwidth characters (the Unicode East Asian Width property, annex 11), the
 * ranges a name can hold: Hangul Jamo, CJK radicals to Yi (kana, CJK ideographs and their
 * extensions A, symbols and punctuation), Hangul syllables, CJK compatibility ideographs, vertical
 * and compatibility forms, fullwidth forms, and the supplementary ideograph planes.
 */
function isWide(codePoint: number): boolean {
  return (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf && codePoint !== 0x303f) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe10 && codePoint <= 0xfe19) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe6f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  );
}

function charWidth(char: string): number {
  return isWide(char.codePointAt(0) ?? 0) ? 2 : 1;
}

/** A name's display width: 2 for each wide character, 1 for any other. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/**
 * The name as a graphic shows it in `room` display-width units: whole when it fits, else the
 * characters that fit beside an ellipsis, trailing spaces dropped (in 16: 欧阳司马上官诸葛欧阳 →
 * 欧阳司马上官诸…, Jiangsu Provincial Team → Jiangsu Provinc…).
 */
export function shortName(name: string, room: number): string {
  const trimmed = name.trim();
  if (displayWidth(trimmed) <= room) return trimmed;
  let kept = '';
  let width = 0;
  for (const char of trimmed) {
    const w = charWidth(char);
    if (width + w > room - 1) break;
    kept += char;
    width += w;
  }
  return `${kept.trimEnd()}${ELLIPSIS}`;
}
