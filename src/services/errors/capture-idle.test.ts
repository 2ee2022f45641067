import { afterEach, describe, expect, it, vi } from 'vitest';

const sentry = vi.hoisted(() => ({ init: vi.fn(), captureException: vi.fn() }));
vi.mock('@sentry/react', () => sentry);

describe('error reporting started once the page is idle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.resetModules();
    sentry.init.mockClear();
    sentry.captureException.mockClear();
  });

  it('loads Sentry only when idle and then sends the errors caught before', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { captureError, initErrorReportingWhenIdle, isErrorReportingActive } = await import('./capture');
    initErrorReportingWhenIdle('https://key@errors.example/1');
    captureError(new Error('early'), 'search');
    expect(sentry.init).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    await vi.waitFor(() => expect(isErrorReportingActive()).toBe(true));
    expect(sentry.init).toHaveBeenCalledWith(expect.objectContaining({ dsn: 'https://key@errors.example/1' }));
    expect(sentry.captureException).toHaveBeenCalledWith(expect.objectContaining({ message: 'early' }), { tags: { context: 'search' } });
    captureError(new Error('later'));
    expect(sentry.captureException).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'later' }), undefined);
  });

  it('keeps at most twenty errors waiting', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { captureError, initErrorReportingWhenIdle, isErrorReportingActive } = await import('./capture');
    initErrorReportingWhenIdle('https://key@errors.example/1');
    for (let n = 0; n < 50; n += 1) captureError(new Error(`loop ${n}`));
    await vi.runAllTimersAsync();
    await vi.waitFor(() => expect(isErrorReportingActive()).toBe(true));
    expect(sentry.captureException).toHaveBeenCalledTimes(20);
  });

  it('keeps nothing and loads nothing without a DSN', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { captureError, initErrorReportingWhenIdle, isErrorReportingActive } = await import('./capture');
    initErrorReportingWhenIdle('');
    captureError(new Error('nobody listens'));
    await vi.runAllTimersAsync();
    expect(isErrorReportingActive()).toBe(false);
    expect(sentry.init).not.toHaveBeenCalled();
  });
});
