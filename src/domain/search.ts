/**
 * The `like` operator as the server applies it (docs/api.md, Payload ≥ 1.10):
 * every space-separated word must occur, case-insensitively, anywhere in the
 * value, in any order; the bounds on what a search may send; and the search a
 * list sends, `where[search][like]`, which the server answers by the one rule
 * the device searches its mirror with (global-search.ts).
 */

export function searchWords(text: string): string[] {
  return text.toLocaleLowerCase().split(/\s+/).filter(Boolean)
}

/**
 * The most words a search may hold: in one `like` value, and in one query
 * in all (each `like`'s words and each `contains` value count). The server
 * refuses more (docs/api.md "Limits"): it matches each word against every
 * row an index cannot rule out, about 0.1 s a word at 100,000 contacts on
 * PGlite, which runs one statement at a time for everyone. A search over
 * several fields is a `like` on each, so the list screens send 2 words over
 * their 3 or 4 fields (4 over the catalog's 2): see wordsFor.
 */
export const MAX_SEARCH_WORDS = 8
export const MAX_SEARCH_PATTERNS = 8
/**
 * The longest searched word (or `contains` value), in characters. A word's cost grows with its
 * length on a trigram index, each distinct three letters one more list to read (15,000 random
 * letters held PGlite 13 s at 20,000 contacts); 100 holds any name, email or phrase staff search for.
 */
export const MAX_SEARCH_WORD_LENGTH = 100

/** How many words a search over `fieldCount` fields (one `like` each) may send within both limits. */
export const wordsFor = (fieldCount: number) =>
  Math.max(1, Math.min(MAX_SEARCH_WORDS, Math.floor(MAX_SEARCH_PATTERNS / Math.max(1, fieldCount))))

/**
 * The text a search sends over `fieldCount` fields: as typed, or its first words (each at most
 * MAX_SEARCH_WORD_LENGTH characters) when it has more, or longer ones, than fit.
 */
export function boundedSearch(text: string, fieldCount: number): string {
  const words = text.split(/\s+/).filter(Boolean)
  const most = wordsFor(fieldCount)
  const fits = words.length <= most && words.every((word) => word.length <= MAX_SEARCH_WORD_LENGTH)
  return fits
    ? text
    : words
        .slice(0, most)
        .map((word) => word.slice(0, MAX_SEARCH_WORD_LENGTH))
        .join(' ')
}

/**
 * where[search][like]=text, as the list screens send it: the server matches it by the devices' own
 * rule (global-search.ts, docs/api.md "Search"), so its count is the device's. A text of more words
 * than the server accepts sends its first ones (each cut to MAX_SEARCH_WORD_LENGTH): the server's
 * answer is then a superset, and the device still filters by every word.
 */
export function searchWhere(text: string) {
  return { search: { like: boundedSearch(text, 1) } }
}
