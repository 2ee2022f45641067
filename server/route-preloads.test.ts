import { describe, expect, it } from 'vitest';
import { parseManifest, routePreloads } from './route-preloads';

const manifest = parseManifest(
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', imports: ['_shared-1.js'], css: ['assets/index-1.css'] },
    '_shared-1.js': { file: 'assets/shared-1.js' },
    'src/start-app.tsx': { file: 'assets/start-app-1.js', imports: ['_shared-1.js'], isDynamicEntry: true },
    '_search-1.js': { file: 'assets/search-1.js', imports: ['_shared-1.js'], css: ['assets/search-1.css'] },
    'src/routes/$locale.tsx?tsr-split=component': { file: 'assets/locale-layout-1.js', imports: ['_shared-1.js'] },
    'src/routes/$locale/index.tsx?tsr-split=component': { file: 'assets/home-1.js', imports: ['_search-1.js'] },
    'src/routes/$locale/find-a-hotel.tsx?tsr-split=component': { file: 'assets/results-1.js', imports: ['_search-1.js'] },
    'src/routes/$locale/hotels/$hotelCode.tsx?tsr-split=component': { file: 'assets/hotel-1.js' },
    'src/routes/$locale/hotels/$hotelCode.tsx': { file: 'assets/hotel-route-1.js' },
    'src/locales/en/messages.po': { file: 'assets/messages-en.js' },
  }),
);

describe('route preloads', () => {
  it('names the app, the layout and page chunks of a path with everything they import, once each', () => {
    expect(routePreloads(manifest, '/en/find-a-hotel')).toEqual({
      scripts: ['/assets/start-app-1.js', '/assets/shared-1.js', '/assets/locale-layout-1.js', '/assets/results-1.js', '/assets/search-1.js'],
      styles: ['/assets/search-1.css'],
    });
  });

  it('matches parameter segments and index routes, and nothing for unknown paths', () => {
    expect(routePreloads(manifest, '/de/hotels/JAZB').scripts).toEqual([
      '/assets/start-app-1.js',
      '/assets/shared-1.js',
      '/assets/locale-layout-1.js',
      '/assets/hotel-1.js',
    ]);
    expect(routePreloads(manifest, '/de/').scripts).toContain('/assets/home-1.js');
    expect(routePreloads(manifest, '/de/find-a-hotel').scripts).not.toContain('/assets/home-1.js');
    expect(routePreloads(manifest, '/de/no-such-page').scripts).toEqual(['/assets/start-app-1.js', '/assets/shared-1.js', '/assets/locale-layout-1.js']);
    expect(routePreloads(manifest, '/de/hotels/JAZB/extra').scripts).not.toContain('/assets/hotel-1.js');
  });

  it('gives nothing without a readable manifest', () => {
    expect(routePreloads(parseManifest(undefined), '/en/')).toEqual({ scripts: [], styles: [] });
    expect(routePreloads(parseManifest('{not json'), '/en/')).toEqual({ scripts: [], styles: [] });
    expect(routePreloads(parseManifest('[1]'), '/en/')).toEqual({ scripts: [], styles: [] });
  });
});
