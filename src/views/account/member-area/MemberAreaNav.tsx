import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../../contract/locales';
import './member-area-nav.css';

/**
 * The member area's pages, one link each, above every page of it: the page shown is marked current
 * (`aria-current`). On a phone the row scrolls sideways instead of wrapping.
 */
export function MemberAreaNav({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const links = [
    { to: '/$locale/account/overview', label: t`Overview` },
    { to: '/$locale/account/rewards', label: t`Rewards` },
    { to: '/$locale/account/bookings', label: t`My bookings` },
    { to: '/$locale/account/points-history', label: t`Points history` },
    { to: '/$locale/account/specials', label: t`Member offers` },
    { to: '/$locale/account/status', label: t`Levels and benefits` },
    { to: '/$locale/account/favourites', label: t`Favourite hotels` },
    { to: '/$locale/account/preferences', label: t`Preferences` },
    { to: '/$locale/account/profile', label: t`Profile` },
  ] as const;
  return (
    <nav className="member-area-nav" aria-label={t`Member area`}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} params={{ locale }} activeProps={{ 'aria-current': 'page' }}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
