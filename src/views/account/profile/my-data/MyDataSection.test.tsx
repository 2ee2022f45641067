import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInMemberBff, startEachTestSignedIn } from '../../../../../test/web/member-bff';
import { renderApp } from '../../../../../test/web/render-app';

/*
 * "Download my data" against a BFF that answers the export route as the contract describes it
 * (src/contract/account-security.ts): a JSON file of the member's data, 5 an hour. The browser's saving
 * is watched where it happens: the object URL made for the file and the click on the download link.
 */

const FILE = { generatedAt: '2026-11-28T09:15:00.000Z', profile: { email: 'anna@example.com', firstName: 'Anna' }, orders: [], pointsHistory: [] };

const saved = { blobs: [] as Blob[], downloads: [] as { name: string; href: string }[], revoked: [] as string[] };
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  Object.assign(saved, { blobs: [], downloads: [], revoked: [] });
  // jsdom has no object URLs and does not download: both are recorded instead.
  URL.createObjectURL = (blob: Blob) => {
    saved.blobs.push(blob);
    return `blob:http://site.test/${saved.blobs.length}`;
  };
  URL.revokeObjectURL = (url: string) => void saved.revoked.push(url);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.downloads.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
  vi.restoreAllMocks();
});

startEachTestSignedIn();

function exportBff(answers: { status: number; body: unknown }[]) {
  const requests: (string | null)[] = [];
  const handler = signedInMemberBff({
    '/members/export': (_url, init) => {
      requests.push(new Headers(init?.headers).get('authorization'));
      return answers.shift() ?? { status: 500, body: { error: { code: 'internal', message: 'Failed' } } };
    },
  });
  return { handler, requests };
}

async function openSection(handler: ReturnType<typeof exportBff>['handler']) {
  await renderApp('/en/account/profile', handler);
  return screen.findByRole('region', { name: 'My data' }, { timeout: 30_000 });
}

describe('downloading my data', () => {
  it('fetches the file with the member’s token and saves it as h-rewards-data-<date>.json', async () => {
    const { handler, requests } = exportBff([{ status: 200, body: FILE }]);
    const section = await openSection(handler);
    await userEvent.click(within(section).getByRole('button', { name: 'Download my data' }));
    expect(await within(section).findByText('Your data was saved as h-rewards-data-2026-11-28.json.')).toBeTruthy();
    expect(requests).toEqual([`Bearer ${localStorage.getItem('token') ?? ''}`]);
    expect(saved.downloads).toEqual([{ name: 'h-rewards-data-2026-11-28.json', href: 'blob:http://site.test/1' }]);
    expect(saved.blobs[0]?.type).toBe('application/json');
    expect(JSON.parse((await saved.blobs[0]?.text()) ?? '')).toEqual(FILE);
    // The temporary link is gone again.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('says when the hour’s downloads are used up, and when the service did not answer; a press tries again', async () => {
    const { handler, requests } = exportBff([
      { status: 429, body: { error: { code: 'too_many_requests', message: 'Too many requests' } } },
      { status: 503, body: { error: { code: 'internal', message: 'Failed' } } },
      { status: 200, body: FILE },
    ]);
    const section = await openSection(handler);
    const button = within(section).getByRole('button', { name: 'Download my data' });
    await userEvent.click(button);
    expect((await within(section).findByText('You can download your data 5 times an hour. Please try again later.')).getAttribute('role')).toBe('alert');
    await userEvent.click(button);
    expect((await within(section).findByText('Your data could not be prepared: our service did not answer. Please try again.')).getAttribute('role')).toBe('alert');
    expect(saved.downloads).toEqual([]);
    await userEvent.click(button);
    expect(await within(section).findByText('Your data was saved as h-rewards-data-2026-11-28.json.')).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(requests).toHaveLength(3);
  });
});
