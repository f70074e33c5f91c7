import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';
import { localizeHref, useLocale } from './language';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * The public pages' in-app link, made of the two hooks React Router's `<Link>` is made of
 * (`useHref`, `useLinkClickHandler`: the same href, and the same handling of modifier keys,
 * targets and client-side navigation). React Router 8's `<Link>` also carries prefetching and route
 * discovery, which work only in its framework mode, about 2.5 KB gzip of every public page's first
 * load (docs/decisions/0105-first-load-under-react-router-8.md). The back office keeps `<Link>`.
 * A site path is taken to the page's language: `/about` on a Dutch page leads to `/nl/about`.
 */
export function Link({ to: given, replace, state, preventScrollReset, target, onClick, ...rest }: LinkProps) {
  const locale = useLocale();
  const to = typeof given === 'string' ? localizeHref(locale, given) : given;
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, preventScrollReset, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) navigate(e);
      }}
    />
  );
}
