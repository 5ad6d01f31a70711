import { Controller, Get, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigModule, loadConfig } from '../config';
import { AuthModule } from './auth.module';
import { RequireRoles } from './roles.decorator';
import { TokenRegistry } from './token-registry.service';

const REFEREE = 'referee-token-0123456789';
const ARBITER = 'arbiter-token-0123456789';
const OPERATOR = 'operator-token-012345678';

@Controller('probe')
class ProbeController {
  @Get('public')
  open(): string {
    return 'public';
  }

  @Get('arbiters')
  @RequireRoles('arbiter')
  arbitersOnly(): string {
    return 'arbiters';
  }
}

describe('AuthGuard on a real Nest app', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    const config = loadConfig({
      TABLECAST_TOKENS: `referee=${REFEREE},arbiter=${ARBITER},operator:table-7=${OPERATOR}`,
    });
    const { Module } = await import('@nestjs/common');
    @Module({ imports: [ConfigModule.forRoot(config), AuthModule], controllers: [ProbeController] })
    class ProbeModule {}
    app = await NestFactory.create(ProbeModule, new FastifyAdapter(), { logger: false });
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (path: string, token?: string): Promise<Response> =>
    fetch(`${url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('lets anyone call a route without @RequireRoles', async () => {
    expect((await get('/probe/public')).status).toBe(200);
  });

  it('answers 401 without a token, naming the header', async () => {
    const response = await get('/probe/arbiters');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toContain('Authorization: Bearer');
  });

  it('answers 401 for an unknown token', async () => {
    expect((await get('/probe/arbiters', 'not-a-real-token-at-all')).status).toBe(401);
  });

  it('answers 403 for a known token of another role', async () => {
    const response = await get('/probe/arbiters', REFEREE);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(
      'role referee may not do this; allowed: arbiter',
    );
  });

  it('lets the right role through', async () => {
    expect(await (await get('/probe/arbiters', ARBITER)).text()).toBe('arbiters');
  });

  it('GET /api/whoami names the role and the operator table', async () => {
    expect(await (await get('/api/whoami', OPERATOR)).json()).toEqual({
      role: 'operator',
      table: 'table-7',
      actorId: 'operator:table-7',
    });
  });

  it('generates no tokens when they are configured', () => {
    expect(app.get(TokenRegistry).generated).toEqual([]);
  });
});

describe('TokenRegistry without configured tokens', () => {
  it('generates one strong token per staff role, operator for every table', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-tokens-'));
    const config = loadConfig({ TABLECAST_DATA_DIR: dataDir });
    const { Module } = await import('@nestjs/common');
    @Module({ imports: [ConfigModule.forRoot(config), AuthModule] })
    class BareModule {}
    const app = await NestFactory.createApplicationContext(BareModule, { logger: false });
    const registry = app.get(TokenRegistry);
    expect(registry.generated.map((e) => `${e.role}:${String(e.table)}`)).toEqual([
      'referee:null',
      'arbiter:null',
      'producer:null',
      'operator:*',
    ]);
    for (const entry of registry.generated) {
      expect(entry.token.length).toBeGreaterThanOrEqual(24);
      expect(registry.resolve(entry.token)?.role).toBe(entry.role);
    }
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
