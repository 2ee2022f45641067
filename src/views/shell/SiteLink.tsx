import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

type SiteLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * A link by a ready-made address that is no typed route: links in CMS content and addresses the site
 * works out (alternate languages). Pages with a route use the router's typed `Link`. It is a
 * real `<a href>`, so it works without JavaScript and opens in a new tab; a plain click navigates in place.
 */
export function SiteLink({ href, onClick, ...rest }: SiteLinkProps) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}
