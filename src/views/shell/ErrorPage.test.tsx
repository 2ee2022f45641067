import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../services/bff/client';
import { reportError } from '../../services/errors/report';
import { renderApp } from '../../../test/web/render-app';
import { ErrorPage } from './ErrorPage';

vi.mock('../../services/errors/report', async (importOriginal) => ({ ...(await importOriginal<object>()), reportError: vi.fn() }));

const reported = vi.mocked(reportError);

describe('the error page', () => {
  it('reports a page that fails once, where the router catches it', async () => {
    reported.mockClear();
    await renderApp('/en/brands/some-brand', (url) =>
      url.pathname.startsWith('/bff/content/brands/') ? { status: 503, body: { error: { code: 'service_unavailable', message: 'Unavailable' } } } : undefined,
    );
    await screen.findByRole('heading', { name: 'Something went wrong' });
    await waitFor(() => expect(reported.mock.calls.filter(([, where]) => where === 'page')).toHaveLength(1));
    const [error] = reported.mock.calls.find(([, where]) => where === 'page') ?? [];
    expect(error).toBeInstanceOf(HttpError);
  });

  it('only shows the failure: showing it reports nothing', () => {
    reported.mockClear();
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    render(
      <I18nProvider i18n={i18n}>
        <ErrorPage onRetry={() => undefined} />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(reported).not.toHaveBeenCalled();
  });
});
