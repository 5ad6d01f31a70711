import { faceOfCard, type CardId, type Face } from '@tablecast/cards/view';
import type { ClientCommand, CommandErrorBody } from '@tablecast/protocol';
import type { ConsoleError, ConsoleState } from './console-state';
import { declarableReadings } from './readings';
import type { ConsoleOption } from './table-view';

/** How a rejected command shows (STYLE habit 3: the server's error bodies, mapped once). */
export function rejection(
  s: ConsoleState,
  command: ClientCommand,
  error: CommandErrorBody,
): Pick<ConsoleState, 'error' | 'ambiguity'> {
  if (error.statusCode === 409 && error.error === 'StaleRevision') {
    return { error: { kind: 'stale', currentRevision: error.currentRevision ?? -1 }, ambiguity: null };
  }
  if (error.statusCode === 422 && error.rule !== undefined) {
    const ruleError: ConsoleError = {
      kind: 'rule',
      rule: error.rule,
      message: error.message,
      messageZh: error.messageZh ?? error.message,
    };
    // GD-WILD-5: an undeclared ambiguous play; offer the readings to declare.
    if (
      error.rule === 'GD-WILD-5' &&
      command.type === 'PlayCards' &&
      command.as === undefined &&
      s.snapshot
    ) {
      const readings = declarableReadings(s.snapshot.state, command.cards);
      if (readings.length > 1) {
        return { error: ruleError, ambiguity: { seat: command.seat, cards: command.cards, readings } };
      }
    }
    return { error: ruleError, ambiguity: null };
  }
  return { error: { kind: 'http', status: error.statusCode, message: error.message }, ambiguity: null };
}

/** Whether an option is for the selected seat and uses every selected card's face. */
export function usesAll(option: ConsoleOption, selection: ConsoleState['selection']): boolean {
  if (selection === null || option.kind === 'seat' || option.kind === 'resist') return true;
  if (option.seat !== selection.seat) return false;
  const faces: Face[] = option.kind === 'play' ? [...option.play.cards] : [faceOfCard(option.card)];
  return selection.cards.every((card) => {
    const k = faces.indexOf(faceOfCard(card));
    if (k < 0) return false;
    faces.splice(k, 1);
    return true;
  });
}

export function commandForOption(option: ConsoleOption, cards: CardId[]): ClientCommand {
  switch (option.kind) {
    case 'play':
      return { type: 'PlayCards', seat: option.seat, cards, as: option.play.as };
    case 'card':
      return {
        type: option.action === 'give' ? 'GiveTribute' : 'ReturnTribute',
        seat: option.seat,
        card: option.card,
      };
    case 'seat':
      return { type: 'DesignateLeader', seat: option.seat };
    case 'resist':
      return { type: 'ResistTribute', seat: option.seat };
    default:
      return unreachable(option);
  }
}

function unreachable(value: never): never {
  throw new Error(`unreachable: ${JSON.stringify(value)}`);
}
