import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_DEADLINE_MS, idle, whenIdle, yieldToBrowser } from './idle';

type IdleCallbacks = { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };

describe('idle work', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    delete (window as IdleCallbacks).requestIdleCallback;
    delete (window as IdleCallbacks).cancelIdleCallback;
  });

  it('waits for the browser to be idle, with the deadline as its timeout', () => {
    const callbacks: { run: () => void; timeout: number | undefined }[] = [];
    Object.assign(window, {
      requestIdleCallback: (run: () => void, options?: { timeout: number }) => callbacks.push({ run, timeout: options?.timeout }),
      cancelIdleCallback: vi.fn(),
    });
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]?.timeout).toBe(IDLE_DEADLINE_MS);
    callbacks[0]?.run();
    expect(task).toHaveBeenCalledOnce();
  });

  it('can be called off before it runs', () => {
    const cancel = vi.fn();
    Object.assign(window, { requestIdleCallback: () => 7, cancelIdleCallback: cancel });
    whenIdle(() => undefined)();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('runs after the current work without idle callbacks, and not before', async () => {
    // Only timers are faked: the fake clock would bring idle callbacks of its own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const task = vi.fn();
    const cancelled = vi.fn();
    whenIdle(task);
    whenIdle(cancelled)();
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(IDLE_DEADLINE_MS);
    expect(task).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('resolves a promise once idle', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let done = false;
    void idle().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(IDLE_DEADLINE_MS);
    expect(done).toBe(true);
  });

  it('yields with scheduler.yield where the browser has it, else with a timer', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToBrowser();
    expect(schedulerYield).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
    vi.useFakeTimers();
    let resumed = false;
    void yieldToBrowser().then(() => (resumed = true));
    await Promise.resolve();
    expect(resumed).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(resumed).toBe(true);
  });
});
