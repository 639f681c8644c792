/**
 * Every search on the device, the top bar's over every entity and each list's
 * (so "Show all" lists exactly what the top bar counted): which fields it looks
 * through and when a record matches. It is forgiving: case and accents do not
 * matter (fold.ts), a department is found by its name, and a phone number by
 * its digits however either side formats it.
 *
 * A query matches a record when every word holds somewhere in the record's
 * text. Its numbers ('+44', '7946-0123') hold there as typed, or else, joined
 * into one run of 3 or more digits, among the digits of a phone field:
 * '020 79460123' finds '+44 (0)20 7946-0123'.
 */
import { type CollectionName, collections, perCollection } from './collections'
import { fieldsWith } from './fields'
import { digitsOf, foldText } from './fold'
import { type RichTextNode, toPlainText } from './rich-text'

interface SearchedFields {
  /** Looked through as text (a rich-text field as its words). */
  text: readonly string[]
  /** Also looked through as digits alone. */
  phones: readonly string[]
}

const searched = perCollection((name): SearchedFields => {
  const { fields } = collections[name]
  const text = fieldsWith(fields, 'global')
  return { text, phones: text.filter((field) => fields[field]?.global === 'phone') }
})

/** A collection's fields defined `global`: the phones among them are also looked through as digits. */
export const globalSearchFields = (collection: CollectionName): SearchedFields => searched[collection]

/** Numbers joined into fewer digits than this say too little to be tried as one run. */
const MIN_DIGITS = 3

/**
 * What a record is found by: its fields folded, and its phone fields' digits,
 * a line each (a query's strings hold no line break, so none spans two fields).
 */
export interface SearchTexts {
  text: string
  phones: string
}

/**
 * Made for every record when an index is built (100,000 contacts), so written
 * as plain loops, the text folded once at the end.
 */
export function globalSearchTexts(record: Record<string, unknown>, collection: CollectionName): SearchTexts {
  const fields = globalSearchFields(collection)
  let text = ''
  fields.text.forEach((field, i) => {
    const value = record[field]
    if (i > 0) text += '\n'
    if (typeof value === 'string') text += value
    else if (Array.isArray(value)) text += toPlainText(value as RichTextNode[])
  })
  let phones = ''
  for (const field of fields.phones) {
    const value = record[field]
    if (typeof value === 'string' && value !== '') phones += `${phones && '\n'}${digitsOf(value)}`
  }
  return { text: foldText(text), phones }
}

export interface GlobalQuery {
  /** Folded words with a letter (or anything but a number): each must hold in the text. */
  words: string[]
  /** Folded words that are numbers: each must hold in the text, or else `digits` among the phones. */
  numbers: string[]
  /** The numbers' digits as one run, when there are at least 3; else ''. */
  digits: string
}

/** A word made of digits and the marks phone numbers are written with. */
const NUMBER = /^[\d+()./-]*\d[\d+()./-]*$/

export function globalQuery(text: string): GlobalQuery {
  const words: string[] = []
  const numbers: string[] = []
  for (const word of foldText(text).split(/\s+/)) {
    if (word === '') continue
    if (NUMBER.test(word)) numbers.push(word)
    else words.push(word)
  }
  const digits = digitsOf(numbers.join(''))
  return { words, numbers, digits: digits.length >= MIN_DIGITS ? digits : '' }
}

export const isBlankQuery = (query: GlobalQuery) => query.words.length === 0 && query.numbers.length === 0

/** Whether a record answers the query. A blank query matches nothing. */
export function matchesGlobal(texts: SearchTexts, query: GlobalQuery): boolean {
  if (isBlankQuery(query)) return false
  const inText = (string: string) => texts.text.includes(string)
  if (!query.words.every(inText)) return false
  return query.numbers.every(inText) || (query.digits !== '' && texts.phones.includes(query.digits))
}

/**
 * Whether every record matching `next` also matches `previous`, so the user
 * typing on can be answered from the previous matches alone: each earlier
 * word lives on inside a word now typed, and an earlier digit run inside the
 * digit run now typed.
 */
export function narrows(previous: GlobalQuery, next: GlobalQuery): boolean {
  const inside = (old: string, now: string[]) => now.some((word) => word.includes(old))
  if (isBlankQuery(previous) || !previous.words.every((word) => inside(word, next.words))) return false
  if (previous.numbers.length === 0) return true
  if (previous.digits === '' || !next.digits.includes(previous.digits)) return false
  return previous.numbers.every((number) => inside(number, next.numbers))
}
