/**
 * `npm run budget`: the first-load JavaScript of every budgeted page of the build in `dist/` (or
 * STATIC_DIR) against its budget (scripts/budgets.ts). Prints a line per page; exits 1 when any page is over.
 */
import { PAGE_BUDGETS } from './budgets';
import { checkBudgets } from './first-load-js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const checks = checkBudgets(process.env.STATIC_DIR ?? 'dist', PAGE_BUDGETS);
for (const check of checks) {
  const verdict = check.overruns.length ? `OVER: ${check.overruns.join('; ')}` : 'ok';
  console.log(
    `${check.page.padEnd(20)} ${check.path.padEnd(30)} ${String(check.load.files.length).padStart(3)} files (max ${check.maxFiles})  ${kb(check.load.gzipBytes).padStart(9)} gzip (max ${kb(check.maxGzipBytes)})  ${verdict}`,
  );
}
const over = checks.filter((check) => check.overruns.length > 0);
if (over.length) {
  console.error(`\n${over.length} page(s) over their first-load budget (scripts/budgets.ts says why each number is what it is).`);
  process.exitCode = 1;
}
