import { TEST_TOKENS } from './staff-tokens';

/**
 * One HTTP call to a test server as a staff client would make it: JSON body, and the bearer token
 * when one is given (undefined or null: no Authorization header, as an anonymous caller).
 */
export function staffRequest(
  server: { readonly url: string },
  method: string,
  path: string,
  options: { readonly token?: string | null | undefined; readonly body?: unknown } = {},
): Promise<Response> {
  const { token, body } = options;
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined || token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A producer's call (the dashboard's): the producer token unless `token` says otherwise (null: none). */
export function producerRequest(
  server: { readonly url: string },
  method: string,
  path: string,
  options: { readonly token?: string | null; readonly body?: unknown } = {},
): Promise<Response> {
  return staffRequest(server, method, path, { token: TEST_TOKENS.producer, ...options });
}
