/**
 * Work the first view does not need (error reporting, feature flags, targeted messages, web vitals) waits
 * until the browser is idle, so it never competes with the page's own start for the main thread. A
 * deadline makes sure it still starts on a page that is never idle (a busy phone, a hidden tab).
 */

/** How long idle work may wait at most, in milliseconds. */
export const IDLE_DEADLINE_MS = 3_000;

type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `task` once the browser is idle (or at the deadline); the returned function cancels it. */
export function whenIdle(task: () => void, deadlineMs: number = IDLE_DEADLINE_MS): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const idle = window as unknown as IdleWindow;
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(task, { timeout: deadlineMs });
    return () => idle.cancelIdleCallback?.(handle);
  }
  // Browsers without idle callbacks (Safari): after the current work, at the latest by the deadline.
  const timer = setTimeout(task, Math.min(deadlineMs, 1_000));
  return () => clearTimeout(timer);
}

/** Resolves once the browser is idle (or at the deadline): `await idle()` before loading work that can wait. */
export function idle(deadlineMs: number = IDLE_DEADLINE_MS): Promise<void> {
  return new Promise((resolve) => {
    whenIdle(resolve, deadlineMs);
  });
}

/**
 * Gives the browser a turn (input, painting) between two long pieces of work, then resumes: the page's
 * start is a few such pieces instead of one long task. Uses `scheduler.yield` where there is one, which
 * resumes ahead of other queued work; a zero-delay timer elsewhere.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
