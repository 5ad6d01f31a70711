import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { BODY_LIMIT_BYTES } from './fastify-platform';

/**
 * What the HTTP platform (Fastify) does outside the controllers, held to what the server
 * did on Express: bodies, the error shape of a refused one, routing, static overlays and the page
 * routes. The real app on a loopback port, with a small overlays dir of its own.
 */
describe('HTTP platform (Fastify, keeping the Express behaviour)', () => {
  let server: TestServer;
  let overlaysDir: string;

  beforeAll(async () => {
    overlaysDir = mkdtempSync(join(tmpdir(), 'tablecast-overlays-'));
    for (const page of ['status', 'watch', 'producer', 'landing']) {
      mkdirSync(join(overlaysDir, page));
      writeFileSync(join(overlaysDir, page, 'index.html'), `<!doctype html><title>${page} page</title>`);
    }
    server = await startTestServer({
      TABLECAST_TOKENS: TEST_TOKENS_SPEC,
      TABLECAST_OVERLAYS_DIR: overlaysDir,
    });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(overlaysDir, { recursive: true, force: true });
  });

  const post = (body: string | undefined, contentType?: string): Promise<Response> =>
    fetch(`${server.url}/api/matches`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TEST_TOKENS.referee}`,
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
      },
      ...(body === undefined ? {} : { body }),
    });

  it('400 in the error shape for malformed JSON, naming the body and the parse problem', async () => {
    const response = await post('{"matchId": ', 'application/json');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string; issues: { path: string }[] };
    expect(body).toMatchObject({ statusCode: 400, error: 'BadRequest', issues: [{ path: '(body)' }] });
    expect(body.message).toMatch(/^\(body\): not valid JSON: /);
  });

  it('an empty JSON body, no body and a body of another type are no body: 400 naming (body)', async () => {
    for (const response of [
      await post('', 'application/json'),
      await post(undefined),
      await post('{"matchId":"m1"}', 'text/plain'),
    ]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'BadRequest', issues: [{ path: '(body)' }] });
    }
  });

  it('parses JSON with a charset and names the missing fields of a form body', async () => {
    const json = await post('{"matchId":"m1"}', 'application/json; charset=utf-8');
    const jsonPaths = ((await json.json()) as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(jsonPaths).toContain('table');
    expect(jsonPaths).not.toContain('matchId');
    const form = await post('matchId=m1', 'application/x-www-form-urlencoded');
    const formPaths = ((await form.json()) as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(formPaths).toContain('table');
    expect(formPaths).not.toContain('matchId');
  });

  it('413 for a body over the limit (Express answered 500), in the object shape', async () => {
    const response = await post(JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT_BYTES) }), 'application/json');
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: 413, message: expect.any(String) as string });
    const underLimit = await post(
      JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT_BYTES - 100) }),
      'application/json',
    );
    expect(underLimit.status).toBe(400);
  });

  it("keeps Node's 5-minute request timeout, which Fastify would turn off", () => {
    expect(server.app.getHttpServer().requestTimeout).toBe(300_000);
  });

  it('routes a path with a trailing slash or in another case as Express did', async () => {
    const headers = { authorization: `Bearer ${TEST_TOKENS.referee}` };
    for (const path of ['/api/matches', '/api/matches/', '/API/Matches']) {
      const response = await fetch(`${server.url}${path}`, { headers });
      expect(response.status, path).toBe(200);
      expect(await response.json()).toEqual([]);
    }
    const unknown = await fetch(`${server.url}/api/nope`, { headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ statusCode: 404, message: 'Cannot GET /api/nope' });
  });

  it('serves the overlays under /overlays/, redirects a page without its slash, refuses a way out of the dir', async () => {
    const page = await fetch(`${server.url}/overlays/status/?lang=en`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('status page');
    const bare = await fetch(`${server.url}/overlays/status`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/overlays/status/']);
    expect((await fetch(`${server.url}/overlays/missing.js`)).status).toBe(404);
    const escape = await fetch(`${server.url}/overlays/%2e%2e/package.json`);
    expect([403, 404]).toContain(escape.status);
  });

  it('/ serves the landing page, /producer redirects to its overlay page keeping the query', async () => {
    const root = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('landing page');
    for (const path of ['/producer?match=m1', '/producer/?match=m1']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect([response.status, response.headers.get('location')], path).toEqual([
        302,
        '/overlays/producer/?match=m1',
      ]);
    }
  });

  it('/watch/<match> serves the watch page for a valid id and a 404 for another', async () => {
    const page = await fetch(`${server.url}/watch/final_2026.1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('watch page');
    const bogus = await fetch(`${server.url}/watch/not-an-id!`);
    expect(bogus.status).toBe(404);
    expect(await bogus.json()).toMatchObject({ statusCode: 404, message: 'no such match id: match' });
  });

  it('/watch and /watch/ with no match serve the same page (the index of matches), not a JSON 404', async () => {
    for (const path of ['/watch', '/watch/']) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type'), path).toContain('text/html');
      expect(await page.text(), path).toContain('watch page');
    }
  });

  it('serves the OpenAPI page and its assets at /docs', async () => {
    const page = await fetch(`${server.url}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    // The body is read: a response left unread holds its connection, and closing the server waits.
    const css = await fetch(`${server.url}/docs/swagger-ui.css`);
    expect([css.status, (await css.text()).length > 0]).toEqual([200, true]);
  });
});
