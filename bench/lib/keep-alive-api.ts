import { Agent, request } from 'node:http';

/** What an API call answers: the status and the parsed JSON body. */
export interface ApiAnswer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * JSON calls to the Tablecast API over kept-alive `node:http` connections. Measured for the
 * match-service bench: the global `fetch` (undici with web streams) cost the bench
 * clients about 1 ms of CPU per call, as much as the server's own work per command, and the garbage
 * it made kept V8's helper threads busy on the clients' core, so the clients' own timers and
 * reads of answers were late. A plain request on a reused socket costs a fraction of that.
 */
export class KeepAliveApi {
  private readonly agent = new Agent({ keepAlive: true, noDelay: true });
  private readonly host: string;
  private readonly port: number;

  constructor(
    url: string,
    private readonly token: string,
  ) {
    const parsed = new URL(url);
    this.host = parsed.hostname;
    this.port = Number(parsed.port);
  }

  call(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    return this.send(method, path, body).then(({ status, text }) => ({
      status,
      body: text === '' ? null : (JSON.parse(text) as unknown),
    }));
  }

  /** A GET whose answer is not JSON (the Prometheus text of /metrics). */
  async text(path: string): Promise<string> {
    const { status, text } = await this.send('GET', path);
    if (status !== 200) throw new Error(`GET ${path} answered ${String(status)}`);
    return text;
  }

  private send(method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          agent: this.agent,
          host: this.host,
          port: this.port,
          method,
          path,
          headers: {
            authorization: `Bearer ${this.token}`,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Closes the idle kept-alive sockets. */
  close(): void {
    this.agent.destroy();
  }
}
