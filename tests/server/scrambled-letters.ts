/**
 * `length` letters in no order, the same for the same seed: a search word with
 * as many distinct trigrams as it can hold, the costliest kind for the trigram
 * indexes. Shared by the query-budget test and the server bench.
 */
export function scrambledLetters(length: number, seed: number) {
  let state = seed * 2_654_435_761
  let word = ''
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    word += String.fromCharCode(97 + (state % 26))
  }
  return word
}
