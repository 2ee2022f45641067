/**
 * The page's entry script. A page rendered on the server is complete before any script runs: the browser
 * is left to paint it first, and the app (large: React, the router, the page's code) starts right after
 * and takes the page over. Its code downloads meanwhile (the server names it in the HTML).
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

afterFirstPaint(() => {
  void import('./start-app');
});
