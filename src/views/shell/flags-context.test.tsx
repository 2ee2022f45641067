import { act, render, screen } from '@testing-library/react';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { peekBrowserFlagClient } from '../../services/flags/browser-client';
import { DEFAULT_SNAPSHOT, type FlagSnapshot, type FlagSource, LAYOUT_VARIANTS } from '../../services/flags/flags';
import { FlagsProvider, useFlag, useLayoutVariant, WhenFeaturesReady } from './flags-context';

/** A flag source the test changes, as the GrowthBook client does when a payload arrives. */
function controlledSource() {
  let snapshot: FlagSnapshot = DEFAULT_SNAPSHOT;
  const listeners = new Set<() => void>();
  const source: FlagSource = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const change = (next: Partial<FlagSnapshot>) =>
    act(() => {
      snapshot = { ...snapshot, ...next, flags: { ...snapshot.flags, ...next.flags } };
      for (const listener of listeners) listener();
    });
  return { source, change };
}

function PaypalBadge() {
  return <p>{useFlag('paypal') ? 'PayPal on' : 'PayPal off'}</p>;
}

function Layout() {
  return <p>layout {useLayoutVariant()}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useFlag', () => {
  it('renders the defaults outside a provider', () => {
    render(<PaypalBadge />);
    expect(screen.getByText('PayPal on')).toBeTruthy();
  });

  it('renders again when a flag changes', () => {
    const { source, change } = controlledSource();
    render(
      <FlagsProvider source={source}>
        <PaypalBadge />
        <Layout />
      </FlagsProvider>,
    );
    expect(screen.getByText('PayPal on')).toBeTruthy();
    change({ flags: { ...DEFAULT_SNAPSHOT.flags, paypal: false }, layout: LAYOUT_VARIANTS.D_SCROLL });
    expect(screen.getByText('PayPal off')).toBeTruthy();
    expect(screen.getByText('layout 3')).toBeTruthy();
  });

  it('renders the defaults on the server and makes no flag client there', async () => {
    const { prelude } = await prerender(
      <FlagsProvider>
        <PaypalBadge />
        <WhenFeaturesReady timeoutMs={1000} fallback={<p>waiting</p>}>
          <p>content</p>
        </WhenFeaturesReady>
      </FlagsProvider>,
    );
    const html = await new Response(prelude).text();
    expect(html).toContain('PayPal on');
    expect(html).toContain('waiting');
    expect(peekBrowserFlagClient()).toBeUndefined();
  });
});

describe('WhenFeaturesReady', () => {
  const page = (source: FlagSource) => (
    <FlagsProvider source={source}>
      <WhenFeaturesReady timeoutMs={1000} fallback={<p>waiting</p>}>
        <p>content</p>
      </WhenFeaturesReady>
    </FlagsProvider>
  );

  it('shows the fallback until the flags are ready, then the content', () => {
    vi.useFakeTimers();
    const { source, change } = controlledSource();
    render(page(source));
    expect(screen.getByText('waiting')).toBeTruthy();
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByText('content')).toBeNull();
    change({ ready: true });
    expect(screen.getByText('content')).toBeTruthy();
  });

  it('shows the content with the defaults once the timeout has passed without the flags', () => {
    vi.useFakeTimers();
    const { source } = controlledSource();
    render(page(source));
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('waiting')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('content')).toBeTruthy();
  });
});
