/**
 * Which pairs of adjacent characters a text holds, folded into 120 bits: a
 * text can hold a word only if its signature has every bit of the word's.
 * The list index keeps one per entry, so a search tests four integers per
 * entry and looks into the text of the few that pass (mirror-index.ts): at
 * 100,000 contacts a two-word search passes 40 to 700 of them, and costs
 * under 1 ms where one `indexOf` over all the texts joined cost 3 to 4 ms.
 *
 * Four numbers of 30 bits, not two of 60: V8 keeps integers up to 31 bits
 * inside the object (a "small integer"), and boxes anything larger.
 */

const SIGNATURE_PARTS = 4
const BITS_PER_PART = 30
const BITS = SIGNATURE_PARTS * BITS_PER_PART

export type Signature = [number, number, number, number]

/** Sets the bits of every pair of adjacent characters in `text`. */
function addPairs(text: string, signature: Signature) {
  for (let i = 0; i + 1 < text.length; i++) {
    // Two multiplicative hashes mixed: pairs of neighbouring letters land far apart.
    const hash =
      (Math.imul(text.charCodeAt(i), 0x9e3779b1) ^ Math.imul(text.charCodeAt(i + 1), 0x85ebca6b)) >>> 0
    const bit = hash % BITS
    signature[Math.floor(bit / BITS_PER_PART) as 0 | 1 | 2 | 3] |= 1 << (bit % BITS_PER_PART)
  }
}

/** The signature of a text, or of several words that must all occur in one. */
export function signatureOf(...texts: string[]): Signature {
  const signature: Signature = [0, 0, 0, 0]
  for (const text of texts) addPairs(text, signature)
  return signature
}

/** Signatures one after another (entry i's at i × 4), for a tight loop over a typed array. */
export function signatureTable<T>(entries: readonly T[], signature: (entry: T) => Signature) {
  const table = new Int32Array(entries.length * SIGNATURE_PARTS)
  entries.forEach((entry, i) => {
    table.set(signature(entry), i * SIGNATURE_PARTS)
  })
  return table
}

/**
 * Calls `candidate` with the index of every signature in `table` holding all
 * of `wanted`'s bits, in order. A candidate may still not hold the words
 * (two pairs can share a bit), so the caller tests its text.
 */
export function eachCandidate(table: Int32Array, wanted: Signature, candidate: (i: number) => void) {
  const [a, b, c, d] = wanted
  for (let i = 0, at = 0; at < table.length; i++, at += SIGNATURE_PARTS) {
    if (
      ((table[at] as number) & a) === a &&
      ((table[at + 1] as number) & b) === b &&
      ((table[at + 2] as number) & c) === c &&
      ((table[at + 3] as number) & d) === d
    )
      candidate(i)
  }
}
