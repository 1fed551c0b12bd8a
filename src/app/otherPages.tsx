/**
 * Feature screens lazy-loaded into the router, each its own chunk:
 * BuilderPage, OrderPage, SyncPage and the quote pages. (The top bar's sync
 * indicator and the banner under it are imported by the layout itself, so
 * they come in the signed-in chunk with it.)
 */
import { FEATURE_SHARED, withCatalog } from '../i18n/i18n';
import { lazy } from 'react';

export const BuilderPage = lazy(async () => ({
  default: (
    await withCatalog(
      ['builder', ...FEATURE_SHARED],
      () => import('../features/builder/BuilderPage'),
    )
  ).BuilderPage,
}));
export const OrderPage = lazy(async () => ({
  default: (
    await withCatalog(['order', ...FEATURE_SHARED], () => import('../features/order/OrderPage'))
  ).OrderPage,
}));
export const SyncPage = lazy(async () => ({
  default: (await withCatalog(FEATURE_SHARED, () => import('../features/sync/SyncPage'))).SyncPage,
}));
export const QuoteEditorPage = lazy(async () => ({
  default: (
    await withCatalog(
      ['quotes', ...FEATURE_SHARED],
      () => import('../features/quotes/QuoteEditorPage'),
    )
  ).QuoteEditorPage,
}));
export const NewQuotePage = lazy(async () => ({
  default: (
    await withCatalog(
      ['quotes', ...FEATURE_SHARED],
      () => import('../features/quotes/NewQuotePage'),
    )
  ).NewQuotePage,
}));
export const QuotePrintPage = lazy(async () => ({
  default: (
    await withCatalog(
      ['quotes', ...FEATURE_SHARED],
      () => import('../features/quotes/QuotePrintPage'),
    )
  ).QuotePrintPage,
}));
export const MyQuotesPage = lazy(async () => ({
  default: (
    await withCatalog(
      ['quotes', ...FEATURE_SHARED],
      () => import('../features/quotes/MyQuotesPage'),
    )
  ).MyQuotesPage,
}));
export const QuoteRequestsPage = lazy(async () => ({
  default: (
    await withCatalog(
      ['quotes', ...FEATURE_SHARED],
      () => import('../features/quotes/QuoteRequestsPage'),
    )
  ).QuoteRequestsPage,
}));

export const ReceivedQuotesPage = lazy(async () => ({
  default: (
    await withCatalog(
      'quotesReceived',
      () => import('../features/quotesReceived/ReceivedQuotesPage'),
    )
  ).ReceivedQuotesPage,
}));
