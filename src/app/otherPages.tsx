/**
 * Feature screens lazy-loaded into the router and the layout, each its own
 * chunk: BuilderPage, OrderPage, SyncPage, the top bar's SyncStatusIndicator
 * and the StaleChangesBanner under it.
 */
import { lazy } from 'react';

export const BuilderPage = lazy(async () => ({
  default: (await import('../features/builder/BuilderPage')).BuilderPage,
}));
export const OrderPage = lazy(async () => ({
  default: (await import('../features/order/OrderPage')).OrderPage,
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
