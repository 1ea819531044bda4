// In-app links built on react-router's public `useHref` + `useLinkClickHandler`, the hooks it
// offers for custom links. Its own <Link>/<NavLink> also carry framework-mode prefetching
// (route module and data preloads) and view-transition state that a data-router app without
// `prefetch` never runs but that stayed in the entry chunk (decision 0036).
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
}

/**
 * An <a> to a path of this app: a plain click navigates inside the app, anything else
 * (modifier keys, another target) is left to the browser. Not for external URLs.
 */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends LinkProps {
  className?: string;
  /** Active only on the exact path, not on the paths below it. */
  end?: boolean;
}

/**
 * A menu link: `aria-current="page"` and the `active` class while the current path is its
 * target or below it (as react-router's NavLink, without its pending/transition states).
 */
export function NavLink({ to, end, className, ...rest }: NavLinkProps) {
  // Case-insensitive, as react-router matches routes.
  const pathname = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  const active =
    pathname === target ||
    (!end && pathname.startsWith(target) && pathname.charAt(target.length) === '/');
  return (
    <Link
      {...rest}
      to={to}
      className={active ? `${className ?? ''} active`.trim() : className}
      aria-current={active ? 'page' : undefined}
    />
  );
}
