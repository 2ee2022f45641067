import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInMemberBff, startEachTestSignedIn } from '../../../../test/web/member-bff';
import { renderApp } from '../../../../test/web/render-app';
import type { MemberSpecials } from '../../../contract/member-specials';

const SPECIALS: MemberSpecials = {
  offers: [
    { code: 'ZLEEP15', percentOff: 15, stayFrom: '2026-11-27', stayUntil: '2027-11-26', brands: [{ code: 'jaz', name: 'Jaz in the City' }, { code: 'zleep', name: 'Zleep Hotels' }] },
    { code: 'SUMMER10', percentOff: 10, stayFrom: '2027-06-01', stayUntil: '2027-09-30', brands: [] },
  ],
  level: { code: 'DB', name: 'Gold' },
  benefits: [
    { code: 'wifi', name: 'Free Wi-Fi' },
    { code: 'late', name: 'Late check-out until 14:00' },
  ],
};

startEachTestSignedIn();

describe('member offers', () => {
  it('lists the offers with their codes, dates and brands, each leading to a search with its code, and what the level adds to every stay', async () => {
    const asked: string[] = [];
    await renderApp(
      '/en/account/specials',
      signedInMemberBff({
        '/members/specials': (url) => {
          asked.push(url.searchParams.get('locale') ?? '');
          return { body: { data: SPECIALS } };
        },
      }),
    );
    const offers = await screen.findByRole('list', { name: 'Offers to book' }, { timeout: 30_000 });
    expect(asked).toEqual(['en']);
    const summer = within(offers).getAllByRole('article')[1] as HTMLElement;
    expect(summer.textContent).toContain('SUMMER10');
    const link = within(summer).getByRole('link');
    expect(link.getAttribute('href')).toContain('promo=SUMMER10');
    expect(link.getAttribute('href')).toContain('startDate=2027-06-01');
    expect(link.getAttribute('href')).toContain('endDate=2027-06-02');
    const zleep = within(offers).getAllByRole('article')[0] as HTMLElement;
    expect(zleep.textContent).toContain('Jaz in the City, Zleep Hotels');
    expect(screen.getByText('Late check-out until 14:00')).toBeTruthy();
    // The member area's pages are one link each, this one marked.
    const nav = screen.getByRole('navigation', { name: 'Member area' });
    expect(within(nav).getAllByRole('link').filter((element) => element.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });
});
