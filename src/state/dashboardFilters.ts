/**
 * Dashboard UI state (zustand, UI state only): the status chip and the search
 * text, kept while the user opens a project and comes back.
 */
import { create } from 'zustand';
import type { StatusFilter } from '../domain/projectRules';

export interface DashboardFilters {
  status: StatusFilter;
  search: string;
  setStatus: (status: StatusFilter) => void;
  setSearch: (search: string) => void;
  reset(): void;
}

export const useDashboardFilters = create<DashboardFilters>((set) => ({
  status: 'all',
  search: '',
  setStatus: (status) => set({ status }),
  setSearch: (search) => set({ search }),
  reset: () => set({ status: 'all', search: '' }),
}));
