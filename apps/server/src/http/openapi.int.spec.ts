import { CommandRequestSchema, CreateMatchRequestSchema } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FileAppealRequestSchema } from '../arbitration/appeal-requests';
import { IssueRulingRequestSchema } from '../arbitration/ruling.service';
import {
  PublishPairingsRequestSchema,
  ScoreCorrectionRequestSchema,
} from '../arbitration/score-corrections.service';
import { BroadcastDelayRequestSchema } from '../broadcast/broadcast-delay.service';
import { ReplaceRundownBody } from '../producer/rundown';
import { TEST_TOKENS } from '../testing/staff-tokens';
import { staffedServerForSuite } from '../testing/staffed-server';

interface JsonSchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: readonly string[];
  readonly oneOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
}
interface RequestBody {
  readonly required?: boolean;
  readonly content: Record<string, { schema: JsonSchema; examples?: Record<string, { value: unknown }> }>;
}
interface OpenApiDocument {
  readonly paths: Record<string, Record<string, { requestBody?: RequestBody }>>;
}

describe('OpenAPI at /docs-json: request bodies from the zod schemas', () => {
  const staffed = staffedServerForSuite();
  const document = async (): Promise<OpenApiDocument> => {
    const response = await fetch(`${staffed.server.url}/docs-json`);
    expect(response.status).toBe(200);
    return (await response.json()) as OpenApiDocument;
  };
  const bodyOf = (doc: OpenApiDocument, method: string, path: string): RequestBody => {
    const body = doc.paths[path]?.[method]?.requestBody;
    if (!body) throw new Error(`${method.toUpperCase()} ${path} documents no request body`);
    return body;
  };
  const json = (body: RequestBody): RequestBody['content'][string] => {
    const content = body.content['application/json'];
    if (!content) throw new Error('no application/json content');
    return content;
  };
  /** The form of a body documented by game (`oneOf` one per game) that names `game`. */
  const gameForm = (body: RequestBody, game: string): RequestBody & { schema: JsonSchema } => {
    const forms = json(body).schema.oneOf ?? [];
    const form = forms.find((schema) => {
      const named = schema.properties?.game;
      return named?.enum?.includes(game) === true || named?.const === game;
    });
    if (!form) throw new Error(`no form of the body names game ${game}`);
    return { ...body, schema: form };
  };

  it('POST /api/matches/{matchId}/commands: revision, idempotencyKey and command required; the game optional (Guandan when absent)', async () => {
    const body = bodyOf(await document(), 'post', '/api/matches/{matchId}/commands');
    const schema = gameForm(body, 'guandan').schema;
    expect(body.required).toBe(true);
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties ?? {})).toEqual(['game', 'revision', 'idempotencyKey', 'command']);
    expect(schema.required).toEqual(['revision', 'idempotencyKey', 'command']);
    expect(schema.properties?.revision).toMatchObject({ type: 'integer', minimum: 0 });
    const commands = schema.properties?.command?.oneOf ?? schema.properties?.command?.anyOf ?? [];
    const types = commands.map((command) => command.properties?.type?.enum?.[0]);
    expect(types).toEqual(expect.arrayContaining(['DealCards', 'PlayCards', 'Pass', 'IssuePenalty']));
    const play = commands.find((command) => command.properties?.type?.enum?.[0] === 'PlayCards');
    expect(play?.required).toEqual(expect.arrayContaining(['type', 'seat', 'cards']));
  });

  it('POST /api/matches: fields with a default are optional, the rest required', async () => {
    const schema = gameForm(bodyOf(await document(), 'post', '/api/matches'), 'guandan').schema;
    expect(schema.required).toEqual(['matchId', 'table', 'teams', 'players']);
    expect(Object.keys(schema.properties ?? {})).toEqual(
      expect.arrayContaining(['matchId', 'table', 'ruleset', 'format', 'teams', 'players']),
    );
  });

  it('both bodies document each registered game’s form: a Dou Dizhu match and its commands', async () => {
    const doc = await document();
    const create = bodyOf(doc, 'post', '/api/matches');
    expect(json(create).schema.required).toEqual(['matchId', 'table']);
    const ddzCreate = gameForm(create, 'doudizhu').schema;
    expect(ddzCreate.required).toEqual(
      expect.arrayContaining(['game', 'matchId', 'table', 'ruleset', 'players']),
    );
    expect(ddzCreate.required).not.toContain('teams');
    const ddzCommand = gameForm(bodyOf(doc, 'post', '/api/matches/{matchId}/commands'), 'doudizhu').schema;
    expect(ddzCommand.required).toEqual(['game', 'revision', 'idempotencyKey', 'command']);
    const commands = ddzCommand.properties?.command?.anyOf ?? ddzCommand.properties?.command?.oneOf ?? [];
    const types = commands.map(
      (command) => command.properties?.type?.enum?.[0] ?? command.properties?.type?.const,
    );
    expect(types).toEqual(
      expect.arrayContaining(['DealBoard', 'Bid', 'Double', 'PlayCards', 'DecideAppeal']),
    );
    // A match is created by POST /api/matches, not as a command.
    expect(types).not.toContain('CreateMatch');
    // What only the server supplies (the time, a salt, the referee's id) is no field of the client's command.
    const deal = commands.find(
      (command) => (command.properties?.type?.enum?.[0] ?? command.properties?.type?.const) === 'DealBoard',
    );
    expect(Object.keys(deal?.properties ?? {})).toEqual(expect.arrayContaining(['type', 'board', 'seed']));
    expect(Object.keys(deal?.properties ?? {})).not.toContain('salt');
    expect(Object.keys(deal?.properties ?? {})).not.toContain('now');
  });

  it.each([
    ['post', '/api/matches', CreateMatchRequestSchema],
    ['post', '/api/matches/{matchId}/commands', CommandRequestSchema],
    ['post', '/api/matches/{matchId}/appeals', FileAppealRequestSchema],
    ['post', '/api/appeals/{appealId}/ruling', IssueRulingRequestSchema],
    ['post', '/api/matches/{matchId}/score-corrections', ScoreCorrectionRequestSchema],
    ['post', '/api/tournaments/{tournamentId}/pairings', PublishPairingsRequestSchema],
    ['put', '/api/matches/{matchId}/broadcast-delay', BroadcastDelayRequestSchema],
    ['put', '/api/producer/rundown', ReplaceRundownBody],
  ] as const)(
    '%s %s: every example parses with the schema the handler uses',
    async (method, path, schema) => {
      const examples = Object.entries(json(bodyOf(await document(), method, path)).examples ?? {});
      expect(examples.length).toBeGreaterThan(0);
      for (const [name, example] of examples) {
        const parsed = (schema as z.ZodType).safeParse(example.value);
        expect(parsed.success, `${name}: ${parsed.error?.message ?? ''}`).toBe(true);
      }
    },
  );

  it('no request body is documented as a bare string any more', async () => {
    const doc = await document();
    const bodies = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        operation.requestBody ? [[`${method} ${path}`, operation.requestBody] as const] : [],
      ),
    );
    expect(bodies.length).toBeGreaterThanOrEqual(15);
    for (const [operation, body] of bodies) {
      const schema = body.content['application/json']?.schema;
      expect(schema?.type, operation).toBe('object');
      expect(Object.keys(schema?.properties ?? {}).length, operation).toBeGreaterThan(0);
    }
  });

  it('the create-match and deal examples are accepted by the running server', async () => {
    const doc = await document();
    const create = json(bodyOf(doc, 'post', '/api/matches')).examples?.final?.value as { matchId: string };
    const deal = json(bodyOf(doc, 'post', '/api/matches/{matchId}/commands')).examples?.deal?.value;
    const headers = { authorization: `Bearer ${TEST_TOKENS.referee}`, 'content-type': 'application/json' };
    const created = await fetch(`${staffed.server.url}/api/matches`, {
      method: 'POST',
      headers,
      body: JSON.stringify(create),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const dealt = await fetch(`${staffed.server.url}/api/matches/${create.matchId}/commands`, {
      method: 'POST',
      headers,
      body: JSON.stringify(deal),
    });
    expect(dealt.status, await dealt.clone().text()).toBe(200);
  });
});
