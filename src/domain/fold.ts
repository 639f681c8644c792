/**
 * Text as the top bar's search compares it: lower case and without accents,
 * so 'soren' finds 'Søren', 'muller' 'Müller' and 'francois' 'François'.
 * NFD splits an accented letter into its base and a combining mark, and the
 * mark is dropped. The letters that carry their accent inside themselves
 * (ø, æ, ß, ł…) NFD leaves whole, so they are folded by hand.
 */

/** What NFD does not decompose, as it is written without the accent (ς: a final sigma is a sigma). */
const OWN_ACCENT: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ς: 'σ',
}
const OWN_ACCENT_LETTERS = new RegExp(`[${Object.keys(OWN_ACCENT).join('')}]`, 'g')
const MARKS = /\p{M}/gu
/** Runs of UTF-16 units beyond ASCII: all there is to fold once the text is in lower case. */
const BEYOND_ASCII = /[\u0080-\uffff]+/g

const foldRun = (run: string) =>
  run
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(OWN_ACCENT_LETTERS, (letter) => OWN_ACCENT[letter] ?? letter)

export function foldText(text: string): string {
  // Most of a CRM is ASCII: normalizing only the rest keeps building the search text of 100,000 rows cheap.
  // A mark never needs its letter to be dropped, so a run may be normalized apart from the letter before it.
  return text.toLowerCase().replace(BEYOND_ASCII, foldRun)
}

/** The digits of a text, in order: '+44 (0)20 7946-0123' is '4402079460123'. */
export function digitsOf(text: string): string {
  return text.replace(/\D/g, '')
}

/**
 * A text folded, with the span of the original each folded unit came from:
 * unit i of `folded` stands for `text.slice(starts[i], ends[i])`. A mark is
 * therefore always drawn over whole characters as written ('æ' is two units
 * from one character; 'e' + U+0301 one unit from two).
 */
export function foldWithSpans(text: string) {
  let folded = ''
  const starts: number[] = []
  const ends: number[] = []
  let offset = 0
  for (const char of text) {
    const unit = foldText(char)
    if (unit === '') {
      // A mark written apart from its letter belongs to the letter before it.
      for (let i = ends.length - 1; i >= 0 && ends[i] === offset; i--) ends[i] = offset + char.length
    }
    for (let i = 0; i < unit.length; i++) {
      starts.push(offset)
      ends.push(offset + char.length)
    }
    folded += unit
    offset += char.length
  }
  return { folded, starts, ends }
}
