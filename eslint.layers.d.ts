// Types of eslint.layers.js (plain JavaScript, so ESLint loads it without a build step).
import type { ESLint } from 'eslint';

/** One row of the order: its folders, whether they stay apart from each other, what they hold. */
export interface LayerRow {
  folders: string[];
  apart?: boolean;
  what: string;
}

export const LAYERS: LayerRow[];
export const ASIDE: Record<string, string[]>;
export const ONLY: { from: string; of: string; modules: string[]; why: string }[];
export const EMBEDDED_FEATURES: string[];
export function allowedFor(folder: string): string[];
export function folderOf(path: string): string | null;
export function layerOrderText(): string;
export function refusal(file: string, target: string): string | null;
export const layersPlugin: ESLint.Plugin;
