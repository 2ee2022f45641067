/**
 * The built chunks a page's route needs, from Vite's manifest. The router loads a route's component only
 * after the app has started; naming the chunks in the HTML lets the browser fetch them with the app
 * instead of in a second round trip after it.
 *
 * Route files are found by their place in `src/routes` (TanStack file routes): `$param` segments match
 * any one path segment, `index` matches the end of the path, and a layout file (`$locale.tsx`, which
 * other route files nest in) applies to every path below it.
 */
const ROUTES_DIR = 'src/routes/';
const COMPONENT_CHUNK = '?tsr-split=component';
const APP_START = 'src/start-app.tsx';

interface ManifestEntry {
  file?: unknown;
  imports?: unknown;
  css?: unknown;
}
type Manifest = Record<string, ManifestEntry>;

export interface RoutePreloads {
  scripts: string[];
  styles: string[];
}

export function parseManifest(manifestJson: string | undefined): Manifest | undefined {
  if (!manifestJson) return undefined;
  try {
    const parsed: unknown = JSON.parse(manifestJson);
    return parsed && typeof parsed === 'object' ? (parsed as Manifest) : undefined;
  } catch {
    return undefined;
  }
}

/** Route file segments of a manifest key, or undefined when the key is not a route component chunk. */
function routeSegments(key: string): string[] | undefined {
  if (!key.startsWith(ROUTES_DIR) || !key.endsWith(COMPONENT_CHUNK)) return undefined;
  const file = key.slice(ROUTES_DIR.length, -COMPONENT_CHUNK.length).replace(/\.tsx?$/, '');
  return file.split('/');
}

/** Whether a route file serves the path: exactly (a page) or, when other routes nest in it, as their layout. */
function serves(route: readonly string[], isLayout: boolean, path: readonly string[]): boolean {
  const segments = route.at(-1) === 'index' ? route.slice(0, -1) : route;
  if (isLayout ? segments.length > path.length : segments.length !== path.length) return false;
  return segments.every((segment, index) => segment.startsWith('$') || segment === path[index]);
}

/** Script and style files (root-relative URLs) of the manifest's chunks `keys`, with every chunk they import statically. */
export function chunksWithImports(manifest: Manifest, keys: readonly string[]): RoutePreloads {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || typeof entry.file !== 'string' || scripts.has(`/${entry.file}`)) return;
    scripts.add(`/${entry.file}`);
    if (Array.isArray(entry.css)) for (const css of entry.css) if (typeof css === 'string') styles.add(`/${css}`);
    if (Array.isArray(entry.imports)) for (const imported of entry.imports) if (typeof imported === 'string') visit(imported);
  };
  for (const key of keys) visit(key);
  return { scripts: [...scripts], styles: [...styles] };
}

/** Script and style files (root-relative URLs) of the app and the route chunks for `pathname`, with their imports. */
export function routePreloads(manifest: Manifest | undefined, pathname: string): RoutePreloads {
  if (!manifest) return { scripts: [], styles: [] };
  const path = pathname.split('/').filter((segment) => segment !== '');
  const routes = Object.keys(manifest).flatMap((key) => {
    const segments = routeSegments(key);
    return segments ? [{ key, segments }] : [];
  });
  const nestsOthers = (route: readonly string[]) => {
    const prefix = `${route.join('/')}/`;
    return routes.some(({ segments }) => segments.join('/').startsWith(prefix));
  };
  // The app itself starts from a chunk of its own, loaded once the page has been painted (src/main.tsx).
  const served = routes.filter(({ segments }) => serves(segments, nestsOthers(segments), path)).map(({ key }) => key);
  return chunksWithImports(manifest, [APP_START, ...served]);
}
