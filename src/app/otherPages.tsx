/**
 * Pages built by the other work streams, lazy-loaded into the router and the
 * top bar: BuilderPage, OrderPage, SyncPage and SyncStatusIndicator.
 */
import { lazy } from 'react';

export const BuilderPage = lazy(async () => ({ default: (await import('../features/builder/BuilderPage')).BuilderPage }));
export const OrderPage = lazy(async () => ({ default: (await import('../features/order/OrderPage')).OrderPage }));
export const SyncPage = lazy(async () => ({ default: (await import('../features/sync/SyncPage')).SyncPage }));
export const SyncStatusIndicator = lazy(async () => ({
  default: (await import('../features/sync/SyncStatusIndicator')).SyncStatusIndicator,
}));
