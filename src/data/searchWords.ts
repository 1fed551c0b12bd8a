/**
 * Search words of a project for the dashboard search (product rules "Screens and routes": "Search by name,
 * address, phone, email..."). Stored in the multi-entry `_words` index; a query
 * word matches a project when it is a prefix of one of its words, so search
 * runs on IndexedDB (`where('_words').startsWith(word)`).
 */
import type { ProjectDetails } from './types';

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}@.+_-]+/u)
    .filter((t) => t.length > 0);
}

/**
 * Drops every word that is a prefix of another: a query word that is a prefix
 * of the shorter is one of the longer too, so search finds the same projects
 * with fewer index entries to write (each costs time on a 10,000-row sync).
 */
function withoutPrefixes(words: Set<string>): string[] {
  const sorted = [...words].sort();
  // Sorted, a word that prefixes another prefixes the next one.
  return sorted.filter((w, i) => !(sorted[i + 1]?.startsWith(w) ?? false));
}

/**
 * Words of a project: lower-cased tokens of name, address and email (the whole
 * email, its domain and the parts of both), and the phone's digits from each
 * digit group to the end ("(555) 123-4567" → 5551234567, 1234567, 4567) so a
 * number found with or without its area code matches. Words that prefix
 * another are left out (see `withoutPrefixes`).
 */
export function projectSearchWords(name: string, details: ProjectDetails | undefined): string[] {
  const words = new Set<string>();
  for (const t of tokens(name ?? '')) words.add(t);
  const d = details ?? {};
  if (typeof d.address === 'string') for (const t of tokens(d.address)) words.add(t);
  if (typeof d.email === 'string') {
    for (const t of tokens(d.email)) {
      words.add(t);
      const at = t.indexOf('@');
      if (at >= 0) words.add(t.slice(at + 1));
      for (const part of t.split(/[@.]/)) if (part) words.add(part);
    }
  }
  if (typeof d.phone === 'string') {
    const groups = d.phone.split(/\D+/).filter((g) => g.length > 0);
    for (let i = 0; i < groups.length; i++) words.add(groups.slice(i).join(''));
    // Letters in a phone field ("ext", a vanity number) stay searchable as words.
    for (const t of tokens(d.phone)) if (/[^\d()+\s.-]/.test(t)) words.add(t);
  }
  return withoutPrefixes(words);
}

/** Query words of a search box text (same tokenizer; a phone query also as digits). */
export function searchQueryWords(search: string): string[] {
  const out = new Set<string>();
  for (const t of tokens(search)) {
    const digits = t.replace(/\D/g, '');
    // "(555) 123-4567" and "555-123" are phone fragments: search their digits.
    out.add(/^[\d()+\s.-]+$/.test(t) && digits ? digits : t);
  }
  const allDigits = search.replace(/\D/g, '');
  if (/^[\d()+\s.-]+$/.test(search.trim()) && allDigits) return [allDigits];
  return [...out];
}
