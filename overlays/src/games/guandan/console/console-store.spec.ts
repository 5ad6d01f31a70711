import { faceOfCard, type CardId } from '@tablecast/cards/view';
import type { MatchState, Seat } from '@tablecast/guandan/view';
import type { CommandRequest } from '@tablecast/protocol';
import { get } from 'svelte/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandOutcome, ConsoleBackend, FetchStateResult, MatchSnapshot } from './backend';
import { createConsoleStore } from './console-store';
import { findState, playoutStates, snapshotOf } from './testing/states';

const states = playoutStates();
const leading = findState(
  states,
  (s) => s.hand?.phase === 'play' && s.hand.trick?.last == null && s.hand.turn !== null,
);
const following = findState(states, (s) => s.hand?.phase === 'play' && s.hand.trick?.last != null);

function turnOf(state: MatchState): Seat {
  const seat = state.hand?.turn;
  if (!seat) throw new Error('fixture has no seat to act');
  return seat;
}

/** A backend that answers from queues and records every call; an empty queue repeats the last answer. */
function fakeBackend(reads: FetchStateResult[], outcomes: CommandOutcome[] = []) {
  const sent: CommandRequest[] = [];
  let fetches = 0;
  let lastRead = reads[0];
  const backend: ConsoleBackend = {
    fetchState: () => {
      fetches += 1;
      lastRead = reads.shift() ?? lastRead;
      if (!lastRead) throw new Error('no read queued');
      return Promise.resolve(lastRead);
    },
    sendCommand: (_matchId, request) => {
      sent.push(request);
      const outcome = outcomes.shift();
      if (!outcome) throw new Error('no outcome queued');
      return Promise.resolve(outcome);
    },
  };
  return { backend, sent, fetches: () => fetches };
}

const read = (snapshot: MatchSnapshot): FetchStateResult => ({ ok: true, snapshot });
const accepted = (revision: number): CommandOutcome => ({
  ok: true,
  result: { matchId: 'm1', revision, position: '1', events: [], replayed: false },
});

let keyCounter = 0;
const newKey = (): string => `key-${String((keyCounter += 1))}`;

afterEach(() => {
  vi.useRealTimers();
});

describe('console store: state and revisions', () => {
  it('never replaces a newer state with an older one that arrives late', async () => {
    const { backend } = fakeBackend([read(snapshotOf(following, 9)), read(snapshotOf(leading, 4))]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    await store.refresh();
    expect(get(store).snapshot?.revision).toBe(9);
    expect(get(store).snapshot?.state).toBe(following);
  });

  it('ignores a state for another match', async () => {
    const { backend } = fakeBackend([read(snapshotOf(leading, 3, 'other'))]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    expect(get(store).snapshot).toBeNull();
  });

  it('polls the state about every second once started', async () => {
    vi.useFakeTimers();
    const { backend, fetches } = fakeBackend([read(snapshotOf(leading, 1))]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey, pollMs: 1_000 });
    store.start();
    await vi.advanceTimersByTimeAsync(3_050);
    store.stop();
    expect(fetches()).toBe(4); // the first read at start, then one per second
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetches()).toBe(4);
  });

  it('reports a failed read and clears it on the next good one', async () => {
    const { backend } = fakeBackend([
      { ok: false, status: 401, message: 'unknown token' },
      read(snapshotOf(leading, 2)),
    ]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    expect(get(store).loadError).toEqual({ status: 401, message: 'unknown token' });
    await store.refresh();
    expect(get(store).loadError).toBeNull();
  });
});

describe('console store: commands', () => {
  it('sends a picked legal play with its reading, the revision acted on and a fresh key, then re-reads', async () => {
    const seat = turnOf(leading);
    const { backend, sent, fetches } = fakeBackend(
      [read(snapshotOf(leading, 5))],
      [accepted(6), accepted(7)],
    );
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    const view = get(store);
    expect(view.action).toMatchObject({ kind: 'play', seat });
    const first = view.pageOptions[0];
    if (first?.option.kind !== 'play') throw new Error('expected a play option');
    store.pick(0);
    const picked = get(store).selectedCards;
    expect(picked.map(faceOfCard)).toEqual(first.option.play.cards);
    expect(picked.every((c) => leading.hand?.hands[seat].includes(c))).toBe(true);
    await store.primary();
    expect(sent[0]).toEqual({
      revision: 5,
      idempotencyKey: expect.stringMatching(/^key-/) as string,
      command: { type: 'PlayCards', seat, cards: picked, as: first.option.play.as },
    });
    expect(get(store).accepted?.revision).toBe(6);
    expect(fetches()).toBe(2);

    store.pick(0);
    await store.primary();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
  });

  it('sends the cards clicked for the seat to act, without a declared reading', async () => {
    const seat = turnOf(leading);
    const card = leading.hand?.hands[seat][0];
    if (!card) throw new Error('fixture');
    const { backend, sent } = fakeBackend([read(snapshotOf(leading, 5))], [accepted(6)]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    store.toggleCard(seat, card);
    expect(get(store).selectedCards).toEqual([card]);
    await store.primary();
    expect(sent[0]?.command).toEqual({ type: 'PlayCards', seat, cards: [card] });
    expect(get(store).selection).toBeNull();
  });

  it('narrows the listed plays to those using every clicked card; a digit then picks among them', async () => {
    const seat = turnOf(leading);
    const held = leading.hand?.hands[seat] ?? [];
    const card = held[held.length - 1];
    if (!card) throw new Error('fixture');
    const { backend, sent } = fakeBackend([read(snapshotOf(leading, 5))], [accepted(6)]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    const everything = get(store).options.length;
    store.toggleCard(seat, card);
    const narrowed = get(store).options;
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(everything);
    for (const option of narrowed) {
      if (option.kind !== 'play') throw new Error('play options only');
      expect(option.play.cards).toContain(faceOfCard(card));
    }
    const second = narrowed[1];
    if (second?.kind !== 'play') throw new Error('expected two plays with the card');
    store.pick(1);
    await store.primary();
    expect(sent[0]?.command).toMatchObject({ type: 'PlayCards', seat, as: second.play.as });
  });

  it('refuses clicks on a seat that is not to act, and sends nothing', async () => {
    const seat = turnOf(leading);
    const other: Seat = seat === 'S' ? 'N' : 'S';
    const card = leading.hand?.hands[other][0];
    if (!card) throw new Error('fixture');
    const { backend, sent } = fakeBackend([read(snapshotOf(leading, 5))]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    store.toggleCard(other, card);
    expect(get(store).selection).toBeNull();
    expect(get(store).error).toEqual({ kind: 'local', code: 'notThisSeat', detail: other });
    await store.primary();
    expect(sent).toHaveLength(0);
  });

  it('drops the selection when a newer state moves the turn on', async () => {
    const seat = turnOf(leading);
    const after = findState(
      states.slice(states.indexOf(leading)),
      (s) => s.hand?.phase === 'play' && s.hand.turn !== seat,
    );
    const card = leading.hand?.hands[seat][0];
    if (!card) throw new Error('fixture');
    const { backend } = fakeBackend([read(snapshotOf(leading, 5)), read(snapshotOf(after, 6))]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    store.toggleCard(seat, card);
    await store.refresh();
    expect(get(store).selection).toBeNull();
  });

  it('on 409 StaleRevision re-reads the state and tells the operator', async () => {
    const { backend, fetches } = fakeBackend(
      [read(snapshotOf(following, 5)), read(snapshotOf(following, 9))],
      [
        {
          ok: false,
          error: { statusCode: 409, error: 'StaleRevision', message: 'stale', currentRevision: 9 },
        },
      ],
    );
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    await store.pass();
    expect(get(store).error).toEqual({ kind: 'stale', currentRevision: 9 });
    expect(fetches()).toBe(2);
    expect(get(store).snapshot?.revision).toBe(9);
    expect(get(store).pending).toBeNull();
  });

  it('shows a rule violation with its rule ID and both messages', async () => {
    const { backend } = fakeBackend(
      [read(snapshotOf(following, 5))],
      [
        {
          ok: false,
          error: {
            statusCode: 422,
            error: 'RuleViolation',
            rule: 'GD-CMP-1',
            message: 'must beat the previous play',
            messageZh: '所出的牌必须大于上家的牌',
          },
        },
      ],
    );
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    await store.pass();
    expect(get(store).error).toEqual({
      kind: 'rule',
      rule: 'GD-CMP-1',
      message: 'must beat the previous play',
      messageZh: '所出的牌必须大于上家的牌',
    });
  });

  it('on GD-WILD-5 offers the readings and resends the same cards with the chosen one and a new key', async () => {
    // Level 2 (first deal): K K 6 6 + ♥2 reads as KKK+66 or 666+KK (GD-WILD-4 example 2).
    const hand = leading.hand;
    if (hand?.level !== '2') throw new Error('fixture: first deal at level 2');
    const seat = turnOf(leading);
    const cards: CardId[] = ['SKa', 'CKa', 'S6a', 'C6a', 'H2a'];
    const rigged: MatchState = {
      ...leading,
      hand: { ...hand, hands: { ...hand.hands, [seat]: [...cards, 'D9a'] } },
    };
    const { backend, sent } = fakeBackend(
      [read(snapshotOf(rigged, 5))],
      [
        {
          ok: false,
          error: {
            statusCode: 422,
            error: 'RuleViolation',
            rule: 'GD-WILD-5',
            message: 'ambiguous play',
            messageZh: '牌型有多种解读，须声明',
          },
        },
        accepted(6),
      ],
    );
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    expect(await store.submitTyped('sk ck S6 c6 H2')).toBe(true);
    const ambiguity = get(store).ambiguity;
    expect(ambiguity?.readings.map((r) => `${r.type}:${String(r.rank)}`).sort()).toEqual([
      'fullHouse:6',
      'fullHouse:K',
    ]);
    expect(get(store).selectedCards).toEqual(cards);
    const chosen = ambiguity?.readings[1];
    await store.chooseReading(1);
    expect(sent[1]?.command).toEqual({ type: 'PlayCards', seat, cards, as: chosen });
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
    expect(get(store).ambiguity).toBeNull();
  });

  it('refuses typed cards the seat does not hold, naming them, and sends nothing', async () => {
    const seat = turnOf(leading);
    const held = new Set(leading.hand?.hands[seat].map(faceOfCard));
    const absent = ['S3', 'H7', 'DK', 'C9', 'SA', 'D4'].find((f) => !held.has(f as never));
    if (!absent) throw new Error('fixture');
    const { backend, sent } = fakeBackend([read(snapshotOf(leading, 5))]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    expect(await store.submitTyped(absent.toLowerCase())).toBe(false);
    expect(get(store).error).toEqual({ kind: 'local', code: 'notHeld', detail: absent });
    expect(await store.submitTyped('Z9')).toBe(false);
    expect(get(store).error).toEqual({ kind: 'local', code: 'unreadable', detail: 'Z9' });
    expect(sent).toHaveLength(0);
  });

  it('does not pass for the leader (GD-PLAY-1) and sends one command at a time', async () => {
    const { backend, sent } = fakeBackend([read(snapshotOf(leading, 5))]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    await store.pass();
    expect(get(store).error).toMatchObject({ kind: 'local', code: 'cannotPass' });
    expect(sent).toHaveLength(0);

    let answer: (outcome: CommandOutcome) => void = () => undefined;
    const slow: ConsoleBackend = {
      fetchState: () => Promise.resolve(read(snapshotOf(following, 5))),
      sendCommand: (_m, request) => {
        sent.push(request);
        return new Promise((resolve) => (answer = resolve));
      },
    };
    const busy = createConsoleStore({ matchId: 'm1', backend: slow, newKey });
    await busy.refresh();
    const first = busy.pass();
    await busy.pass();
    expect(get(busy).error).toMatchObject({ kind: 'local', code: 'busy' });
    expect(sent).toHaveLength(1);
    answer(accepted(6));
    await first;
    expect(get(busy).pending).toBeNull();
  });

  it('deals with the recorded seed only between hands', async () => {
    const between = findState(states, (s) => s.status === 'betweenHands');
    const { backend, sent } = fakeBackend([read(snapshotOf(between, 1))], [accepted(2)]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    await store.deal('  final-seed-1 ');
    expect(sent[0]).toMatchObject({ revision: 1, command: { type: 'DealCards', seed: 'final-seed-1' } });

    const playing = fakeBackend([read(snapshotOf(leading, 3))]);
    const inHand = createConsoleStore({ matchId: 'm1', backend: playing.backend, newKey });
    await inHand.refresh();
    await inHand.deal('');
    expect(playing.sent).toHaveLength(0);
  });
});

describe('console store: keying corrections (docs/corrections.md)', () => {
  const acceptedWith = (revision: number, firstEvent: number): CommandOutcome => ({
    ok: true,
    result: {
      matchId: 'm1',
      revision,
      position: String(revision),
      events: [{ type: 'CardsPlayed', revision: firstEvent, data: {} }],
      replayed: false,
    },
  });

  it('U asks to retract this console’s last entry: back to the revision before its first event', async () => {
    const { backend, sent } = fakeBackend(
      [read(snapshotOf(following, 10))],
      [acceptedWith(11, 11), accepted(12)],
    );
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    await store.pass();
    await store.undoLast('operator: undo');
    expect(sent[1]?.command).toEqual({ type: 'RequestCorrection', toRevision: 10, reason: 'operator: undo' });
  });

  it('has nothing to undo before this console keyed anything, and sends nothing', async () => {
    const { backend, sent } = fakeBackend([read(snapshotOf(following, 10))]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    await store.undoLast('operator: undo');
    expect(sent).toEqual([]);
    expect(get(store).error).toEqual({ kind: 'local', code: 'nothingToUndo', detail: '' });
  });

  it('Y and N answer the pending correction named by the state', async () => {
    const pending = {
      ...snapshotOf(following, 12),
      pendingCorrection: { correctionId: 'c_1', toRevision: 10 },
    };
    const { backend, sent } = fakeBackend([read(pending)], [accepted(13), accepted(13)]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    await store.decideCorrection(true, 'ok');
    await store.decideCorrection(false, 'the video says otherwise');
    expect(sent.map((r) => r.command)).toEqual([
      { type: 'ConfirmCorrection', correctionId: 'c_1' },
      { type: 'RejectCorrection', correctionId: 'c_1', note: 'the video says otherwise' },
    ]);
  });

  it('with no pending correction, Y sends nothing and says so', async () => {
    const { backend, sent } = fakeBackend([read(snapshotOf(following, 12))]);
    const store = createConsoleStore({ matchId: 'm1', backend, newKey });
    await store.refresh();
    await store.decideCorrection(true, '');
    expect(sent).toEqual([]);
    expect(get(store).error).toEqual({ kind: 'local', code: 'noPendingCorrection', detail: '' });
  });
});
