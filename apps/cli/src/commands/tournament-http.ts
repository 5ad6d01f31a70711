import { readFileSync } from 'node:fs';

/** Where the server is and who is asking: flags first, then TABLECAST_URL / TABLECAST_TOKEN. */
export interface ServerTarget {
  readonly url: string;
  readonly token: string;
}

export function serverTarget(options: { readonly url?: string; readonly token?: string }): ServerTarget {
  const url = options.url ?? process.env.TABLECAST_URL ?? 'http://127.0.0.1:3000';
  const token = options.token ?? process.env.TABLECAST_TOKEN;
  if (token === undefined || token === '')
    throw new UsageError('--token: a staff token (arbiter or referee) is needed; or set TABLECAST_TOKEN');
  return { url: url.replace(/\/+$/, ''), token };
}

/** A bad flag or argument: exit 1 with the message. */
export class UsageError extends Error {}

/** The server refused: its status and body, printed as they came. */
export class ServerRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`the server answered ${String(status)}: ${body}`);
  }
}

/**
 * One call to /api/tournaments…: JSON in, the body out as text (JSON or CSV). A refusal (4xx/5xx)
 * becomes a ServerRefusal carrying the server's body, which names the field or the TRN rule.
 */
export async function tournamentRequest(
  target: ServerTarget,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<string> {
  const response = await fetch(`${target.url}/api/tournaments${path}`, {
    method,
    headers: {
      authorization: `Bearer ${target.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new ServerRefusal(response.status, text);
  return text;
}

/** Where the server is, for a public read (no token needed). */
export function publicServerUrl(options: { readonly url?: string }): string {
  return (options.url ?? process.env.TABLECAST_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
}

/** One public read under /api/events (what the spectator site reads): the body as text, a refusal a ServerRefusal. */
export async function publicEventsRequest(url: string, path: string): Promise<string> {
  const response = await fetch(`${url}/api/events${path}`);
  const text = await response.text();
  if (!response.ok) throw new ServerRefusal(response.status, text);
  return text;
}

/** `create --file event.json`: the body of POST /api/tournaments, from a file or `-` for stdin. */
export function readJsonFile(path: string): unknown {
  const text = readFileSync(path === '-' ? 0 : path, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(
      `--file: ${path} is not JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

export function readTextFile(path: string): string {
  return readFileSync(path === '-' ? 0 : path, 'utf8');
}
