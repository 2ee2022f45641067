import { PAGE_SCRIPTS_ID } from './contract/rendering';

/**
 * The page's entry script. A page rendered on the server is complete before any script runs: the browser
 * is left to paint it first, and the app (large: React, the router, the page's code) starts right after
 * and takes the page over. The server lists the app's first scripts in the page; they are all fetched at
 * once when the app starts, not before the first paint, so on a slow connection they do not hold the page
 * up (decision 0038).
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // The frame after this one has been painted; a hidden tab paints no frames, so a timer starts it anyway.
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

/** Fetches (and parses, off the page's way now) every script the server listed for the page, in parallel. */
function fetchPageScripts(): void {
  const listed = document.getElementById(PAGE_SCRIPTS_ID)?.textContent;
  if (!listed) return;
  let scripts: unknown;
  try {
    scripts = JSON.parse(listed);
  } catch {
    return;
  }
  if (!Array.isArray(scripts)) return;
  for (const href of scripts) {
    if (typeof href !== 'string' || !href.startsWith('/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

afterFirstPaint(() => {
  fetchPageScripts();
  void import('./start-app');
});
