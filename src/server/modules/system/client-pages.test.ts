import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/test-app';
import { signUp } from '@server/test/factories';

const SHELL = '<!doctype html><div id="root"></div>';
const PRERENDERED_HOME = '<!doctype html><div id="root"><h1>Landing</h1></div>';
const PRERENDERED_AUTH = '<!doctype html><div id="root"><h1>Sign In</h1></div>';

let clientDir: string;
let t: TestApp;

beforeAll(() => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-client-pages-'));
  fs.mkdirSync(path.join(clientDir, 'prerendered'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL);
  fs.writeFileSync(path.join(clientDir, 'prerendered', 'index.html'), PRERENDERED_HOME);
  fs.writeFileSync(path.join(clientDir, 'prerendered', 'auth.html'), PRERENDERED_AUTH);
});
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
beforeEach(async () => {
  t = await createTestApp({ CLIENT_DIST_DIR: clientDir });
});
afterEach(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('client pages', () => {
  it('sends prerendered HTML for public pages to visitors without a session', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toBe(PRERENDERED_HOME);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers.vary).toContain('Cookie');
    expect((await get('/auth')).body).toBe(PRERENDERED_AUTH);
  });

  it('sends the empty shell to signed-in visitors, since the prerendered header is the signed-out one', async () => {
    const { client } = await signUp(t, 'business');
    expect((await get('/', client.cookie)).body).toBe(SHELL);
    expect((await get('/auth', client.cookie)).body).toBe(SHELL);
  });

  it('sends the shell for other routes and for URLs with a query (prerendering knows no filters)', async () => {
    expect((await get('/business-dashboard')).body).toBe(SHELL);
    expect((await get('/no/such/page')).body).toBe(SHELL);
    expect((await get('/auth?mode=signup')).body).toBe(SHELL);
  });
});
