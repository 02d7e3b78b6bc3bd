// The site's `<Link>`: Remix's in the browser; on the server, for a path of the site (`/…`), the `<a>` it would render,
// without its work. Remix's Link resolves its path three times on the server (its own useHref, React Router's, and its
// click handler's), with the route matches each time: a quarter of the server's time on `/lieux` (218 links), a tenth
// of the list's (decision 131). The browser hydrates the same `<a>`, with the same `data-discover` that its route
// discovery reads.
// biome-ignore lint/style/noRestrictedImports: the one place that takes Remix's Link.
import { type LinkProps, Link as RemixLink } from '@remix-run/react';
import { forwardRef } from 'react';

/** A path of this site that Remix would write as it is: not a page relative to this one, nor another site's. */
const SITE_PATH = /^\/(?!\/)/;

/** What Remix's `<a>` shows of `to`: an empty query or fragment is dropped (React Router's resolvePath). */
const href = (to: string) => to.replace(/\?(?=#|$)/, '').replace(/#$/, '');

export const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const {
    to,
    relative,
    reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    prefetch = 'none',
    discover = 'render',
    target,
    ...rest
  } = props;
  if (typeof to !== 'string' || !SITE_PATH.test(to) || relative || prefetch !== 'none')
    return <RemixLink ref={ref} {...props} />;
  return (
    // In Remix's order, so that the page is the same to the byte.
    <a
      {...rest}
      data-discover={discover === 'render' && !reloadDocument ? 'true' : undefined}
      href={href(to)}
      target={target}
    />
  );
});

/**
 * The server's build, and the tests run in Node, take the server's; the browser's build never loads this module (it
 * takes Remix's Link as it is: `agenda:browser-link` in vite.config.ts).
 */
export const Link = import.meta.env.SSR ? ServerLink : RemixLink;
