import fc from 'fast-check';
import { TEST_TOKENS } from '../testing/staff-tokens';

/** One fuzzed HTTP request: what the client sends, nothing the server chose. */
export interface HttpCase {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

/** Ids that exist on the probed server (see the fuzzer's setup), so routes reach their real logic. */
export const KNOWN = { matchId: 'fz_m', appealId: 'fz_ap' } as const;

const ROUTES: readonly (readonly [string, string])[] = [
  ['GET', '/api/whoami'],
  ['GET', '/api/matches'],
  ['GET', '/api/matches/:m/state'],
  ['GET', '/api/matches/:m/scoreboard'],
  ['GET', '/api/matches/:m/timeline'],
  ['GET', '/api/matches/:m/replay'],
  ['GET', '/api/matches/:m/export'],
  ['GET', '/api/matches/:m/record.html'],
  ['GET', '/api/matches/:m/disclosures'],
  ['GET', '/api/matches/:m/broadcast-delay'],
  ['GET', '/api/matches/:m/appeals'],
  ['GET', '/api/appeals/:a'],
  ['GET', '/api/producer/state'],
  ['GET', '/api/producer/rundown'],
  ['GET', '/api/producer/pages'],
  ['GET', '/api/director'],
  ['GET', '/api/obs'],
  ['GET', '/api/obs/:x/stats'],
  ['GET', '/metrics'],
  ['GET', '/:x'],
  ['POST', '/api/matches'],
  ['POST', '/api/matches/:m/commands'],
  ['POST', '/api/matches/:m/appeals'],
  ['POST', '/api/appeals/:a/ruling'],
  ['POST', '/api/matches/:m/score-corrections'],
  ['POST', '/api/matches/:m/players-left'],
  ['POST', '/api/tournaments/:x/pairings'],
  ['POST', '/api/matches/:m/replay/sandbox'],
  ['POST', '/api/producer/pages/refresh'],
  ['POST', '/api/producer/cues'],
  ['POST', '/api/producer/lower-third'],
  ['POST', '/api/obs/:x/take'],
  ['PUT', '/api/matches/:m/broadcast-delay'],
  ['PUT', '/api/producer/rundown'],
  ['PUT', '/api/director/rules'],
];

/** Bodies shaped like the real ones, so a mutation of one field reaches the schema's depths. */
const TEMPLATES: readonly Record<string, unknown>[] = [
  { revision: 2, idempotencyKey: 'fuzz-key-0001', command: { type: 'PlayCards', seat: 'S', cards: ['H2'] } },
  {
    revision: 0,
    idempotencyKey: 'fuzz-key-0002',
    command: { type: 'ForfeitMatch', team: 'NS', rule: 'GD-FMT-4' },
  },
  {
    appealId: 'fz_ap2',
    handNumber: 1,
    disputedRevisions: [1],
    statement: 'x',
    appellant: { team: 'NS', captain: 'c' },
    fee: { amount: 0 },
  },
  {
    committee: ['a', 'b', 'c'],
    votes: [{ memberId: 'a', vote: 'uphold' }],
    reasoning: 'r',
    remedy: { kind: 'appeal-dismissed' },
  },
  { kind: 'entry-error', handNumber: 1, levelsAfter: { NS: 1, EW: 0 }, note: 'n' },
  {
    matchId: 'fz_new',
    table: 't1',
    teams: { NS: { id: 'a', name: 'A' }, EW: { id: 'b', name: 'B' } },
    players: [],
  },
  { round: 1, pairings: [{ table: 't1', NS: 'a', EW: 'b' }], previousRoundMatches: ['fz_m'] },
  { delayMs: 1000, revision: 0 },
];

const safeText = (max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcXYZ019 _-.:/%?#&=+"\'<>{}[]\\'.split('')), maxLength: max });

const segment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    KNOWN.matchId,
    KNOWN.appealId,
    'nope',
    '',
    '..',
    '%2e%2e%2f',
    '%zz',
    '%00',
    '%E4%B8%AD',
    '-1',
  ),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
  fc.constant('a'.repeat(3000)),
);

const authorization: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(...Object.values(TEST_TOKENS).map((token) => `Bearer ${token}`)),
  fc.constantFrom('Bearer', 'Bearer ', 'Bearer  x', 'Basic dXNlcjpwYXNz', 'bearer test-referee-token-000001'),
  fc.constant(`Bearer ${'t'.repeat(8000)}`),
  safeText(60).map((text) => `Bearer ${text}`),
);

const contentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/jso',
  ';;;',
);

/** A JSON value where one path of a template is replaced by anything. */
const mutatedTemplate: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...TEMPLATES), fc.jsonValue({ maxDepth: 3 }), fc.nat(), fc.boolean())
  .map(([template, value, pick, drop]) => {
    const copy = structuredClone(template);
    const keys = Object.keys(copy);
    const key = keys[pick % keys.length] ?? 'x';
    if (drop) Reflect.deleteProperty(copy, key);
    else copy[key] = value;
    return JSON.stringify(copy);
  });

const body: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  mutatedTemplate,
  mutatedTemplate,
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  safeText(200),
  mutatedTemplate.map((json) => json.slice(0, Math.max(1, json.length - 3))),
  fc.nat({ max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.constant(JSON.stringify({ statement: 'x'.repeat(300_000) })),
  fc.constant('{"__proto__":{"polluted":true},"constructor":{"prototype":{"p":1}}}'),
);

const query: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?position=-1',
    '?position=1e309',
    '?minRevision=abc',
    '?lang=xx',
    '?token=leak&x=1',
    '?a[b]=c',
  ),
  safeText(40).map((text) => `?${encodeURIComponent(text)}=${encodeURIComponent(text)}`),
);

export const httpCase: fc.Arbitrary<HttpCase> = fc
  .record({
    route: fc.constantFrom(...ROUTES),
    method: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 4 },
      { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'), weight: 1 },
    ),
    m: segment,
    a: segment,
    x: segment,
    query,
    authorization,
    contentType,
    body,
  })
  .map(({ route, method, m, a, x, query: q, authorization: auth, contentType: type, body: sent }) => {
    const verb = method ?? route[0];
    const path = route[1].replace(':m', m).replace(':a', a).replace(':x', x) + q;
    const headers: Record<string, string> = {};
    if (auth !== undefined) headers.authorization = auth;
    if (type !== undefined) headers['content-type'] = type;
    const bodyAllowed = verb !== 'GET' && verb !== 'HEAD';
    return { method: verb, path, headers, body: bodyAllowed ? sent : undefined };
  });
