export {
  fetchMatchState,
  type CommandOutcome,
  type ConsoleBackend,
  type FetchStateResult,
  type MatchSnapshot,
} from './backend';
export {
  createCommandChannel,
  type ChannelStatus,
  type CommandChannel,
  type SocketLike,
} from './command-channel';
export type { Ambiguity, ConsoleError, ConsoleState, ConsoleView, LocalErrorCode } from './console-state';
export { OPTIONS_PER_PAGE, createConsoleStore, type ConsoleStore } from './console-store';
export { randomId } from '../../../lib/console/ids';
export { pairPeople, playerName } from './match-names';
export { choiceLetter, intentForKey, type KeyIntent } from './keys';
export { declarableReadings, describeReading } from './readings';
export {
  actingSeats,
  optionCards,
  optionsFor,
  primaryAction,
  sortPlays,
  tributePayers,
  type ConsoleOption,
  type PrimaryAction,
} from './table-view';
export { operatorToken } from '../../../lib/console/token';
export { parseTypedCards, pickFromHand } from './typed-cards';
export { errorText, httpText } from './error-text';
export { openConsoleSession, type ConsoleSession } from './session';
export { postAppeal, type FileAppealOutcome, type FiledAppeal } from './appeal-api';
export {
  appealErrorText,
  fieldOfPath,
  localAppealErrorText,
  type AppealErrorText,
} from './appeal-error-text';
export { appealMessages, type AppealMessages } from './appeal-messages';
export {
  buildAppealRequest,
  defaultAppealDraft,
  parsePositions,
  reopenAppealDraft,
  type AppealDraft,
  type AppealTeam,
  type FileAppealBody,
} from './appeal-request';
