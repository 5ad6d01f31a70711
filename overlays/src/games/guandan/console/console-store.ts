import type { CardId } from '@tablecast/cards/view';
import type { Seat } from '@tablecast/guandan/view';
import type { ClientCommand } from '@tablecast/protocol';
import { derived, get, writable, type Readable } from 'svelte/store';
import type { ConsoleBackend, MatchSnapshot } from './backend';
import { commandForOption, rejection, usesAll } from './console-commands';
import type {
  ConsoleError,
  ConsoleState,
  ConsoleView,
  LocalErrorCode,
  PendingCommand,
} from './console-state';
import {
  actingSeats,
  optionCards,
  optionsFor,
  primaryAction,
  type ConsoleOption,
  type PrimaryAction,
} from './table-view';
import { parseTypedCards, pickFromHand } from './typed-cards';

export const OPTIONS_PER_PAGE = 9;

export interface ConsoleStoreOptions {
  readonly matchId: string;
  readonly backend: ConsoleBackend;
  readonly newKey: () => string;
  readonly pollMs?: number;
}

export interface ConsoleStore extends Readable<ConsoleView> {
  readonly refresh: () => Promise<void>;
  readonly start: () => void;
  readonly stop: () => void;
  readonly toggleCard: (seat: Seat, card: CardId) => void;
  readonly pick: (indexOnPage: number) => void;
  readonly turnPage: (delta: 1 | -1) => void;
  readonly clear: () => void;
  readonly primary: () => Promise<void>;
  readonly pass: () => Promise<void>;
  readonly deal: (seed: string) => Promise<void>;
  /** Returns true when the typed cards were sent (the page then empties the field). */
  readonly submitTyped: (text: string) => Promise<boolean>;
  readonly chooseReading: (index: number) => Promise<void>;
  /** Asks to retract this console's last accepted entry (RequestCorrection; the referee decides). */
  readonly undoLast: (reason: string) => Promise<void>;
  /** The referee's answer to the pending correction. */
  readonly decideCorrection: (confirm: boolean, note: string) => Promise<void>;
}

function actionKey(action: PrimaryAction | null): string {
  if (action === null) return '';
  return action.kind === 'play' ? `play:${action.seat}` : action.kind;
}

/**
 * The headless console: no DOM, only Svelte stores and a backend, so every rule of how the console
 * reacts is unit-tested without a browser. Components render `ConsoleView` and call the methods.
 */
export function createConsoleStore(options: ConsoleStoreOptions): ConsoleStore {
  const { matchId, backend, newKey } = options;
  const state = writable<ConsoleState>({
    matchId,
    snapshot: null,
    selection: null,
    picked: null,
    page: 0,
    pending: null,
    error: null,
    accepted: null,
    ambiguity: null,
    loadError: null,
  });

  // Legal plays are recomputed only when the snapshot changes, not on every selection click.
  let memo: { snapshot: MatchSnapshot; action: PrimaryAction; options: ConsoleOption[] } | null = null;
  const derive = (
    snapshot: MatchSnapshot | null,
  ): { action: PrimaryAction | null; options: ConsoleOption[] } => {
    if (snapshot === null) return { action: null, options: [] };
    if (memo?.snapshot !== snapshot) {
      const action = primaryAction(snapshot.state);
      memo = { snapshot, action, options: optionsFor(snapshot.state, action) };
    }
    return memo;
  };

  const view = derived(state, (s): ConsoleView => {
    const { action, options: everything } = derive(s.snapshot);
    // Cards clicked by hand narrow the list to the options that use them all.
    const all = s.selection === null ? everything : everything.filter((o) => usesAll(o, s.selection));
    const pageCount = Math.max(1, Math.ceil(all.length / OPTIONS_PER_PAGE));
    const page = Math.min(s.page, pageCount - 1);
    const pageOptions = all
      .slice(page * OPTIONS_PER_PAGE, (page + 1) * OPTIONS_PER_PAGE)
      .map((option, i) => ({ index: page * OPTIONS_PER_PAGE + i, option }));
    const pickedOption = s.picked === null ? undefined : all[s.picked];
    const selectedCards =
      s.ambiguity !== null
        ? s.ambiguity.cards
        : pickedOption !== undefined && s.snapshot !== null
          ? optionCards(s.snapshot.state, pickedOption)
          : (s.selection?.cards ?? []);
    return { ...s, page, action, options: all, pageOptions, pageCount, selectedCards };
  });

  const setError = (error: ConsoleError | null): void => {
    state.update((s) => ({ ...s, error }));
  };
  const local = (code: LocalErrorCode, detail = ''): void => {
    setError({ kind: 'local', code, detail });
  };

  /** Keeps the newer of two states (NodeCG habit): equal or older revisions change nothing. */
  const applySnapshot = (incoming: MatchSnapshot): void => {
    state.update((s) => {
      if (incoming.matchId !== s.matchId) return s;
      if (s.snapshot !== null && incoming.revision <= s.snapshot.revision) return { ...s, loadError: null };
      const before = derive(s.snapshot).action;
      const after = derive(incoming).action;
      const seats = after === null ? [] : actingSeats(after);
      const held = s.selection === null ? [] : (incoming.state.hand?.hands[s.selection.seat] ?? []);
      const kept = s.selection?.cards.filter((c) => held.includes(c)) ?? [];
      const selection =
        s.selection !== null && seats.includes(s.selection.seat) && kept.length > 0
          ? { seat: s.selection.seat, cards: kept }
          : null;
      return {
        ...s,
        snapshot: incoming,
        loadError: null,
        selection,
        picked: null,
        ambiguity: null,
        page: actionKey(before) === actionKey(after) ? s.page : 0,
      };
    });
  };

  let inFlight: Promise<void> | null = null;
  let requests = 0;
  const refresh = async (): Promise<void> => {
    requests += 1;
    // A read already under way reads once more when it ends, so a newer result is never missed.
    if (inFlight !== null) return inFlight;
    inFlight = (async () => {
      let served: number;
      do {
        served = requests;
        const result = await backend.fetchState(matchId);
        if (result.ok) applySnapshot(result.snapshot);
        else state.update((s) => ({ ...s, loadError: { status: result.status, message: result.message } }));
      } while (served !== requests);
    })();
    try {
      await inFlight;
    } finally {
      inFlight = null;
    }
  };

  const send = async (command: ClientCommand): Promise<void> => {
    const s = get(state);
    if (s.snapshot === null) return;
    if (s.pending !== null) {
      local('busy');
      return;
    }
    const pending: PendingCommand = { command, revision: s.snapshot.revision, idempotencyKey: newKey() };
    state.update((x) => ({ ...x, pending, error: null }));
    const outcome = await backend.sendCommand(matchId, {
      revision: pending.revision,
      idempotencyKey: pending.idempotencyKey,
      command,
    });
    if (outcome.ok) {
      state.update((x) => ({
        ...x,
        pending: null,
        accepted: outcome.result,
        selection: null,
        picked: null,
        ambiguity: null,
        error: null,
      }));
    } else {
      state.update((x) => ({ ...x, pending: null, picked: null, ...rejection(x, command, outcome.error) }));
    }
    await refresh();
  };

  let timer: ReturnType<typeof setInterval> | null = null;

  const undoLast = async (reason: string): Promise<void> => {
    const s = get(state);
    const first = s.accepted?.events[0];
    const isCorrection = s.accepted?.events.some((e) => e.type.startsWith('Correction')) ?? false;
    if (first === undefined || isCorrection) {
      local('nothingToUndo');
      return;
    }
    await send({ type: 'RequestCorrection', toRevision: first.revision - 1, reason });
  };

  const decideCorrection = async (confirm: boolean, note: string): Promise<void> => {
    const pendingCorrection = get(state).snapshot?.pendingCorrection ?? null;
    if (pendingCorrection === null) {
      local('noPendingCorrection');
      return;
    }
    const { correctionId } = pendingCorrection;
    await send(
      confirm
        ? { type: 'ConfirmCorrection', correctionId }
        : { type: 'RejectCorrection', correctionId, note },
    );
  };

  return {
    undoLast,
    decideCorrection,
    subscribe: view.subscribe,
    refresh,
    start() {
      if (timer !== null) return;
      void refresh();
      timer = setInterval(() => void refresh(), options.pollMs ?? 1_000);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
    toggleCard(seat, card) {
      const v = get(view);
      if (v.action === null) return;
      const seats = actingSeats(v.action);
      if (!seats.includes(seat)) {
        local('notThisSeat', seat);
        return;
      }
      const single = v.action.kind === 'giveTribute' || v.action.kind === 'returnTribute';
      state.update((s) => {
        const current = s.selection?.seat === seat ? s.selection.cards : [];
        const cards = current.includes(card)
          ? current.filter((c) => c !== card)
          : single
            ? [card]
            : [...current, card];
        return {
          ...s,
          picked: null,
          page: 0,
          error: null,
          selection: cards.length > 0 ? { seat, cards } : null,
        };
      });
    },
    pick(indexOnPage) {
      const v = get(view);
      const index = v.page * OPTIONS_PER_PAGE + indexOnPage;
      if (indexOnPage < 0 || indexOnPage >= OPTIONS_PER_PAGE || index >= v.options.length) return;
      state.update((s) => ({ ...s, picked: index, error: null }));
    },
    turnPage(delta) {
      const v = get(view);
      state.update((s) => ({ ...s, page: Math.min(Math.max(v.page + delta, 0), v.pageCount - 1) }));
    },
    clear() {
      state.update((s) => ({ ...s, selection: null, picked: null, ambiguity: null, error: null }));
    },
    async primary() {
      const v = get(view);
      const action = v.action;
      if (action === null || v.snapshot === null) return;
      const picked = v.picked === null ? undefined : v.options[v.picked];
      if (picked !== undefined) {
        await send(commandForOption(picked, optionCards(v.snapshot.state, picked)));
        return;
      }
      const selection = v.selection;
      switch (action.kind) {
        case 'play':
          if (selection === null) {
            local('nothingSelected');
            return;
          }
          return send({ type: 'PlayCards', seat: selection.seat, cards: [...selection.cards] });
        case 'giveTribute':
        case 'returnTribute': {
          const card = selection?.cards[0];
          if (selection === null || card === undefined) {
            local('nothingSelected');
            return;
          }
          if (selection.cards.length !== 1) {
            local('oneCard');
            return;
          }
          return send({
            type: action.kind === 'giveTribute' ? 'GiveTribute' : 'ReturnTribute',
            seat: selection.seat,
            card,
          });
        }
        case 'designate': {
          local('nothingSelected');
          return;
        }
        case 'deal':
        case 'wait':
          return;
        default:
          return unreachable(action);
      }
    },
    async pass() {
      const action = get(view).action;
      if (action?.kind !== 'play' || action.toBeat === null) {
        local('cannotPass');
        return;
      }
      await send({ type: 'Pass', seat: action.seat });
    },
    async deal(seed) {
      if (get(view).action?.kind !== 'deal') return;
      const trimmed = seed.trim();
      await send(trimmed === '' ? { type: 'DealCards' } : { type: 'DealCards', seed: trimmed });
    },
    async submitTyped(text) {
      const v = get(view);
      const hand = v.snapshot?.state.hand;
      if (v.action === null || hand == null) return false;
      const parsed = parseTypedCards(text);
      if (!parsed.ok) {
        local('unreadable', parsed.unreadable);
        return false;
      }
      if (parsed.faces.length === 0) return false;
      const seats = actingSeats(v.action);
      // A typed card names its seat only by who holds it: the first acting seat holding them all.
      const choice = seats
        .map((seat) => ({ seat, ...pickFromHand(hand.hands[seat], parsed.faces) }))
        .sort((a, b) => a.missing.length - b.missing.length)[0];
      if (choice === undefined) {
        local('cannotPass');
        return false;
      }
      if (choice.missing.length > 0) {
        local('notHeld', choice.missing.join(' '));
        return false;
      }
      switch (v.action.kind) {
        case 'play':
          await send({ type: 'PlayCards', seat: choice.seat, cards: choice.cards });
          return true;
        case 'giveTribute':
        case 'returnTribute': {
          const card = choice.cards[0];
          if (choice.cards.length !== 1 || card === undefined) {
            local('oneCard');
            return false;
          }
          const type = v.action.kind === 'giveTribute' ? 'GiveTribute' : 'ReturnTribute';
          await send({ type, seat: choice.seat, card });
          return true;
        }
        case 'designate':
        case 'deal':
        case 'wait':
          return false;
        default:
          return unreachable(v.action);
      }
    },
    async chooseReading(index) {
      const ambiguity = get(state).ambiguity;
      const reading = ambiguity?.readings[index];
      if (ambiguity === null || reading === undefined) return;
      // A new intended command (the cards plus a declaration), so a fresh idempotency key.
      await send({ type: 'PlayCards', seat: ambiguity.seat, cards: [...ambiguity.cards], as: reading });
    },
  };
}

function unreachable(value: never): never {
  throw new Error(`unreachable: ${JSON.stringify(value)}`);
}
