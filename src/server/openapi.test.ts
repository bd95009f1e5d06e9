import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

// The OpenAPI document is generated from the routes' schemas (decision record 021) and checked by a real linter,
// Redocly's, with the rules in redocly.yaml: zero errors, and no warning whose rule is not turned off there with a reason.

let t: TestApp;
let document: { openapi: string; paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; tags?: string[] }>> };

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['access-control-allow-origin']).toBe('*');
  document = res.json();
});

afterAll(async () => {
  await t?.close();
});

describe('OpenAPI document', () => {
  it('describes every API route, once, with an operation id, a tag and its security', () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const registered = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`).filter((route) => route !== 'GET /api/docs');
    expect(documented.sort()).toEqual(registered.sort());
    const operations = Object.values(document.paths).flatMap((operations) => Object.values(operations));
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) {
      expect(operation.tags?.length, operation.operationId).toBe(1);
      expect(Array.isArray(operation.security), operation.operationId).toBe(true);
    }
  });

  it('marks signed-in routes with the session scheme and store routes with the store key', () => {
    expect(document.paths['/api/job-postings']!.post!.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/job-postings']!.get!.security).toEqual([]);
  });

  it('passes redocly lint', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document, null, 2));
    const bin = path.resolve('node_modules/.bin/redocly');
    let output = '';
    try {
      output = execFileSync(bin, ['lint', file, '--config', path.resolve('redocly.yaml'), '--format', 'stylish'], {
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      throw new Error(`redocly lint failed:\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(output).not.toMatch(/warning/i);
  }, 60_000);

  it('serves the interactive reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api-reference/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
  });
});
