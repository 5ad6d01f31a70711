/**
 * The longest names an on-air page may be asked to draw, for the tests of its room: the setup
 * schema accepts names of 1-64 characters (protocol match-commands.ts, `nameSchema`).
 */
export const MAX_NAME_LENGTH = 64;

export type NameScript = 'cjk' | 'latin';

/** A name of `MAX_NAME_LENGTH` characters of the widest glyphs of its script, told apart by seat. */
export function longName(script: NameScript, tag: string): string {
  const filler = script === 'cjk' ? '欧阳司马上官诸葛' : 'MW';
  return `${tag}${filler.repeat(MAX_NAME_LENGTH)}`.slice(0, MAX_NAME_LENGTH);
}
