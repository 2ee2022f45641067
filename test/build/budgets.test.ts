import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_BUDGETS } from '../../scripts/budgets';
import { checkBudgets, firstLoadOf, readBuildManifest } from '../../scripts/first-load-js';

const ROOT = join(import.meta.dirname, '..', '..');
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A build as Vite writes it, small: the page's entry, the app's start chunk with a shared import, the
 * home route's component, a dialog loaded on use, and the English catalog. `homeBytes` sizes the home
 * route's chunk (random text, which compression hardly shrinks).
 */
function fakeBuild(homeBytes: number): string {
  const dist = mkdtempSync(join(tmpdir(), 'budget-build-'));
  made.push(dist);
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  const noise = (length: number) => randomBytes(length).toString('base64').slice(0, length);
  const files: Record<string, string> = {
    'assets/index.js': 'import("./start-app.js")',
    'assets/start-app.js': 'import "./shared.js"',
    'assets/shared.js': 'export const shared = 1',
    'assets/home.js': `export const text = ${JSON.stringify(noise(homeBytes))}`,
    'assets/dialog.js': `export const dialog = ${JSON.stringify(noise(50_000))}`,
    'assets/messages-en.js': 'export const messages = {}',
  };
  for (const [file, content] of Object.entries(files)) writeFileSync(join(dist, file), content);
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/start-app.tsx'] },
    'src/start-app.tsx': { file: 'assets/start-app.js', isDynamicEntry: true, imports: ['_shared.js'], dynamicImports: ['src/views/Dialog.tsx'] },
    '_shared.js': { file: 'assets/shared.js' },
    'src/routes/$locale/index.tsx?tsr-split=component': { file: 'assets/home.js', imports: ['_shared.js'] },
    'src/views/Dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true },
    'src/locales/en/messages.po': { file: 'assets/messages-en.js' },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const homeBudget = (maxGzipBytes: number, maxFiles = 5) => [{ page: 'home', path: '/en/', maxGzipBytes, maxFiles, reason: 'test' }];

describe('first-load JavaScript of a page', () => {
  it('counts the entry, the app, the route and the catalog, and nothing loaded on use', () => {
    const dist = fakeBuild(1_000);
    const load = firstLoadOf(dist, readBuildManifest(dist), '/en/');
    expect(load.files.sort()).toEqual(['/assets/home.js', '/assets/index.js', '/assets/messages-en.js', '/assets/shared.js', '/assets/start-app.js']);
    expect(load.gzipBytes).toBeGreaterThan(1_000 * 0.7);
    expect(load.gzipBytes).toBeLessThan(50_000 * 0.7);
  });

  it('is over its budget when the page grows past it, in bytes or in files', () => {
    const dist = fakeBuild(30_000);
    const [within] = checkBudgets(dist, homeBudget(100_000));
    expect(within?.overruns).toEqual([]);
    const [over] = checkBudgets(dist, homeBudget(10_000, 4));
    expect(over?.overruns).toHaveLength(2);
    expect(over?.overruns[0]).toMatch(/gzip bytes, over its 10000$/);
    expect(over?.overruns[1]).toBe('5 script files, over its 4');
  });

  it('fails `npm run budget` on a deliberate overrun, and passes the same build within budget', () => {
    const small = fakeBuild(1_000);
    const grown = fakeBuild(400_000);
    const run = (dist: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-budgets.ts'], { cwd: ROOT, env: { ...process.env, STATIC_DIR: dist }, encoding: 'utf8' });
    // The real budgets, against a build whose home page is small, then one whose home page grew by 400 KB.
    const passes = run(small);
    const fails = run(grown);
    expect(passes.status, passes.stdout + passes.stderr).toBe(0);
    expect(fails.status, fails.stdout + fails.stderr).toBe(1);
    expect(fails.stdout).toMatch(/^home +\/en\/ .*OVER: \d+ gzip bytes, over its \d+/m);
    expect(passes.stdout).toMatch(/^home +\/en\/ .* ok$/m);
  });

  it('has a budget, with its reason, for every page a guest books through, and sign-in', () => {
    const pages = PAGE_BUDGETS.map((budget) => budget.page);
    for (const page of ['home', 'results', 'hotel', 'room', 'check-out', 'confirmation', 'login']) expect(pages).toContain(page);
    for (const budget of PAGE_BUDGETS) expect(budget.reason.length).toBeGreaterThan(10);
  });
});
