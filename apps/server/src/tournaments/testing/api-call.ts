import { TEST_TOKENS } from '../../testing/staff-tokens';
import type { TestServer } from '../../testing/test-server';

/** What a call answered: its status and its parsed JSON body. */
export interface ApiAnswer {
  readonly status: number;
  readonly json: unknown;
}

/** One request to the test server's API under `prefix`, as the arbiter unless another token is given. */
export type ApiCall = (
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
) => Promise<ApiAnswer>;

/** The tournament specs' API call: JSON in and out, a bearer token, no status checked here. */
export function apiCall(prefix: '/api' | '/api/tournaments'): ApiCall {
  return async (server, method, path, body, token = TEST_TOKENS.arbiter) => {
    const response = await fetch(`${server.url}${prefix}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: JSON.parse(await response.text()) as unknown };
  };
}

/**
 * The tournament specs' call that must succeed, as the referee unless another token is given: it
 * answers the JSON body, and any status from 300 up throws, naming the call and the answer.
 */
export function apiOk(prefix: '/api' | '/api/tournaments'): ApiOkCall {
  const call = apiCall(prefix);
  return async (server, method, path, body, token = TEST_TOKENS.referee) => {
    const answer = await call(server, method, path, body, token);
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${String(answer.status)} ${JSON.stringify(answer.json)}`);
    return answer.json;
  };
}

export type ApiOkCall = (
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
) => Promise<unknown>;
