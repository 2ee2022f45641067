/**
 * The JavaScript a page needs before it responds, worked out from the build alone (no browser, no clock),
 * so the same build always gives the same bytes: the page's entry script and what it imports, the app's
 * start chunk and its imports, the chunks of the routes that serve the path, and the catalog of the page's
 * language: the files the server names for the page (server/route-preloads.ts, server/static.ts). Code
 * loaded later on idle or on first use (dialogs, the calendar, flags, error reporting) is not counted: it
 * never holds up the first view. Each file is counted gzip-compressed at level 9, as it is sent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { localeOfPath } from '../src/contract/locales';
import { chunksWithImports, parseManifest, routePreloads } from '../server/route-preloads';
import type { PageBudget } from './budgets';
import { catalogChunk } from '../server/static';

export interface FirstLoad {
  /** Root-relative URLs of the scripts, in no particular order. */
  files: string[];
  gzipBytes: number;
}

type Manifest = NonNullable<ReturnType<typeof parseManifest>>;

export function readBuildManifest(distDir: string): Manifest {
  const manifest = parseManifest(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  if (!manifest) throw new Error(`${distDir} holds no readable build manifest: run the build first`);
  return manifest;
}

/** The first-load scripts of `pathname` (a path with its locale, e.g. `/en/find-a-hotel`) in the build at `distDir`. */
export function firstLoadOf(distDir: string, manifest: Manifest, pathname: string): FirstLoad {
  const locale = localeOfPath(pathname);
  if (!locale) throw new Error(`${pathname} has no locale as its first segment`);
  const catalog = catalogChunk(manifest, locale);
  // The page's entry script (index.html's) with its imports, then what the server lists for the page.
  const files = [...new Set([...chunksWithImports(manifest, ['index.html']).scripts, ...routePreloads(manifest, pathname).scripts, ...(catalog ? [catalog] : [])])];
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length, 0);
  return { files, gzipBytes };
}

export interface BudgetCheck {
  page: string;
  path: string;
  load: FirstLoad;
  maxGzipBytes: number;
  maxFiles: number;
  /** What is over, in words; empty when the page keeps to its budget. */
  overruns: string[];
}

/** Measures every budgeted page of the build at `distDir` and says which go over. */
export function checkBudgets(distDir: string, budgets: readonly Omit<PageBudget, 'reason'>[]): BudgetCheck[] {
  const manifest = readBuildManifest(distDir);
  return budgets.map((budget) => {
    const load = firstLoadOf(distDir, manifest, budget.path);
    const overruns = [
      ...(load.gzipBytes > budget.maxGzipBytes ? [`${load.gzipBytes} gzip bytes, over its ${budget.maxGzipBytes}`] : []),
      ...(load.files.length > budget.maxFiles ? [`${load.files.length} script files, over its ${budget.maxFiles}`] : []),
    ];
    return { page: budget.page, path: budget.path, load, maxGzipBytes: budget.maxGzipBytes, maxFiles: budget.maxFiles, overruns };
  });
}
