/**
 * The browser tab's title per route, in the language shown: "<screen> · Refacing" (the landing
 * page: "Refacing" alone). Set by `useRouteTitle` in the route table; follows a language switch.
 * The quote's print page is left out: its title names the document saved as PDF (the quote screens'
 * business). /quotes is named by its screen once the role is known (`useScreenTitle`): a
 * contractor's own quotes, or the quotes a homeowner received.
 */
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';

/** Route pattern → the screen's name in the tab; the first match wins. */
export const ROUTE_TITLES: readonly (readonly [string, MessageDescriptor | null])[] = [
  ['/', null],
  ['/login', msg`Sign In`],
  ['/signup', msg`Sign Up`],
  ['/forgot-password', msg`Forgot password`],
  ['/reset-password', msg`Reset password`],
  ['/privacy', msg`Privacy Policy`],
  ['/terms', msg`Terms of Service`],
  ['/contact', msg`Contact`],
  ['/invite', msg`Invitation`],
  ['/invite/team', msg`Team invitation`],
  ['/dashboard', msg`Dashboard`],
  ['/profile', msg`Profile`],
  ['/project/:projectId', msg`Project`],
  ['/project/:projectId/quotes', msg`Quotes received`],
  ['/project/:projectId/quotes/:quoteId', msg`Quote`],
  ['/contractor/:contractorId', msg`Contractor reviews`],
  ['/cabinet-builder/:projectId', msg`Cabinet builder`],
  ['/order/:projectId', msg`Door order`],
  ['/sync', msg`Sync`],
  ['/quote-requests', msg`Quote requests`],
  ['/quote/new/:projectId', msg`New quote`],
  ['/quote/:quoteId', msg`Quote`],
  ['/organization', msg`Organization`],
  ['/organization/analytics', msg`Analytics`],
];

/** /quotes by who looks: what each of them sees there; "Quotes" until the role is known. */
export const QUOTES_TITLES = {
  contractor: msg`My quotes`,
  homeowner: msg`Quotes received`,
  loading: msg`Quotes`,
} as const;

/** "<screen> · Refacing" in the active language. */
export function screenTitle(name: MessageDescriptor, translate: (d: MessageDescriptor) => string) {
  const screen = translate(name);
  return translate(msg`${screen} · Refacing`);
}

/**
 * The tab title for `pathname` in the active language, or undefined where the screen sets its
 * own (the print page) or the path is unknown (it redirects).
 */
export function routeTitle(pathname: string, translate: (d: MessageDescriptor) => string) {
  const found = ROUTE_TITLES.find(([pattern]) => matchPath(pattern, pathname));
  if (!found) return undefined;
  const [, name] = found;
  if (!name) return 'Refacing';
  return screenTitle(name, translate);
}

/** Keeps `document.title` on the route's title in the language shown. */
export function useRouteTitle(): void {
  const { pathname } = useLocation();
  const { i18n } = useLingui();
  useEffect(() => {
    const title = routeTitle(pathname, (d) => i18n._(d));
    if (title) document.title = title;
  }, [pathname, i18n, i18n.locale]);
}

/** Keeps `document.title` on a screen's own name (a route left out of ROUTE_TITLES), in the language shown. */
export function useScreenTitle(name: MessageDescriptor): void {
  const { i18n } = useLingui();
  useEffect(() => {
    document.title = screenTitle(name, (d) => i18n._(d));
  }, [name, i18n, i18n.locale]);
}
