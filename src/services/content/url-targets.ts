/**
 * URL targets of content messages (spec sections 4 and 5), shared by service banners and targeted
 * messages. A target is a regular expression written by an editor; it is matched against the page path:
 * - case-insensitively;
 * - with leading and trailing slashes stripped from both the pattern and the path, so `/find-a-hotel/`,
 *   `find-a-hotel` and `/find-a-hotel` are one target;
 * - against the whole path (anchored), so `find-a-hotel` does not also match `find-a-hotel/berlin`;
 *   an editor who means a whole section writes `find-a-hotel(/.*)?`;
 * - an invalid pattern never matches (and never throws).
 */

/** Splits a whitespace-separated list of targets, dropping empty entries. */
export function splitTargetUrls(targetUrls: string): string[] {
  return targetUrls.split(/\s+/).filter((target) => target.length > 0);
}

export function stripSlashes(value: string): string {
  return value.replace(/^\/+/, '').replace(/\/+$/, '');
}

const compiled = new Map<string, RegExp | null>();

/** The pattern as an anchored, case-insensitive expression, or null when it is not a valid one. */
function compile(pattern: string): RegExp | null {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached;
  let expression: RegExp | null;
  try {
    expression = new RegExp(`^(?:${stripSlashes(pattern)})$`, 'i');
  } catch {
    expression = null;
  }
  compiled.set(pattern, expression);
  return expression;
}

/** Whether one target matches a path (without its locale segment, e.g. `/find-a-hotel`). */
export function matchesUrlTarget(pattern: string, path: string): boolean {
  const expression = compile(pattern);
  return expression !== null && expression.test(stripSlashes(path));
}

/** Whether any of the targets matches the path. An empty list matches nothing: callers decide what "no targets" means. */
export function matchesAnyUrlTarget(patterns: readonly string[], path: string): boolean {
  return patterns.some((pattern) => matchesUrlTarget(pattern, path));
}
