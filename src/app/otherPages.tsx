/**
 * Feature screens lazy-loaded into the router and the layout, each its own
 * chunk: BuilderPage, OrderPage, SyncPage, the quote pages, the top bar's
 * SyncStatusIndicator and the StaleChangesBanner under it.
 */
import { withCatalog } from '../i18n/i18n';
import { lazy } from 'react';

export const BuilderPage = lazy(async () => ({
  default: (await withCatalog('builder', () => import('../features/builder/BuilderPage')))
    .BuilderPage,
}));
export const OrderPage = lazy(async () => ({
  default: (await withCatalog('order', () => import('../features/order/OrderPage'))).OrderPage,
}));
export const SyncPage = lazy(async () => ({
  default: (await import('../features/sync/SyncPage')).SyncPage,
}));
export const StaleChangesBanner = lazy(async () => ({
  default: (await import('../features/sync/StaleChangesBanner')).StaleChangesBanner,
}));
export const SyncStatusIndicator = lazy(async () => ({
  default: (await import('../features/sync/SyncStatusIndicator')).SyncStatusIndicator,
}));
export const QuoteEditorPage = lazy(async () => ({
  default: (await withCatalog('quotes', () => import('../features/quotes/QuoteEditorPage')))
    .QuoteEditorPage,
}));
export const NewQuotePage = lazy(async () => ({
  default: (await withCatalog('quotes', () => import('../features/quotes/NewQuotePage')))
    .NewQuotePage,
}));
export const QuotePrintPage = lazy(async () => ({
  default: (await withCatalog('quotes', () => import('../features/quotes/QuotePrintPage')))
    .QuotePrintPage,
}));
export const MyQuotesPage = lazy(async () => ({
  default: (await withCatalog('quotes', () => import('../features/quotes/MyQuotesPage')))
    .MyQuotesPage,
}));
export const QuoteRequestsPage = lazy(async () => ({
  default: (await withCatalog('quotes', () => import('../features/quotes/QuoteRequestsPage')))
    .QuoteRequestsPage,
}));
