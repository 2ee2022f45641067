import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Views select machine state and send events; an effect in a view is for DOM work only (focus, scroll,
 * measuring, document attributes, DOM listeners, native dialogs), and says so: the line above each
 * `useEffect`/`useLayoutEffect` (or its comment block) starts with `// DOM work:`. What happens between
 * flows belongs to the machines (docs/decisions/0027-one-actor-system.md).
 */

const VIEWS = join(import.meta.dirname, '..', '..', 'src', 'views');

function viewFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return viewFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Effects whose comment block just above does not begin with "DOM work:". */
export function unexplainedEffects(source: string): number[] {
  const lines = source.split('\n');
  const missing: number[] = [];
  lines.forEach((line, index) => {
    if (!/\buse(Layout)?Effect\(/.test(line) || /^\s*import\b/.test(line)) return;
    let above = index - 1;
    const block: string[] = [];
    while (above >= 0 && /^\s*\/\//.test(lines[above] ?? '')) {
      block.unshift((lines[above] ?? '').trim());
      above -= 1;
    }
    if (!block[0]?.startsWith('// DOM work:')) missing.push(index + 1);
  });
  return missing;
}

describe('effects in views', () => {
  it('are DOM work only, each saying so', () => {
    const offenders = viewFiles(VIEWS).flatMap((file) => unexplainedEffects(readFileSync(file, 'utf8')).map((line) => `${relative(VIEWS, file)}:${line}`));
    expect(offenders).toEqual([]);
  });

  it('finds an effect without its reason', () => {
    expect(unexplainedEffects("  useEffect(() => {\n    actor.send({ type: 'x' });\n  }, []);")).toEqual([1]);
    expect(unexplainedEffects('  // DOM work: the title.\n  useEffect(() => {\n    document.title = t;\n  }, [t]);')).toEqual([]);
    expect(unexplainedEffects('  // Keeps the cart in sync.\n  useLayoutEffect(() => {});')).toEqual([2]);
  });
});
