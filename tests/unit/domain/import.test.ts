/**
 * An import's pure steps (src/domain/import-*.ts): the columns guessed from a file's headers and the
 * mapping's problems, each row checked as a form's save is, the ids an import gives its records, and
 * the plan: duplicates against the device and within the file, a relation's name matched or made once.
 */
import { describe, expect, it } from 'vitest'
import { UUID_PATTERN } from '../../../src/domain/fields'
import { guessMapping, importFields, mappingProblems } from '../../../src/domain/import-columns'
import { importedId, newImportKey } from '../../../src/domain/import-ids'
import { duplicateKeys, type Holdings, planImport } from '../../../src/domain/import-plan'
import { checkRow, isRefused, type ReadRow } from '../../../src/domain/import-rows'

const contactFields = importFields('contacts')

describe('the columns of a file', () => {
  it('guesses each field from its header: a label, a name or an alias, whatever the case, accents and punctuation', () => {
    const headers = [
      'Given name',
      'SURNAME',
      'E-mail',
      'Téléphone',
      'Cell phone',
      'Organisation name',
      'Notes',
      'job_title',
    ]
    expect(guessMapping(headers, contactFields)).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'mobile',
      'company',
      null,
      'title',
    ])
  })

  it('reads the columns of its own export back (labels), leaving out the ids and times', () => {
    const headers = [
      'ID',
      'First Name',
      'Last Name',
      'Title',
      'Department',
      'Email',
      'Phone',
      'Mobile',
      'LinkedIn',
      'Company',
      'Company ID',
      'Created',
      'Updated',
    ]
    expect(guessMapping(headers, contactFields)).toEqual([
      null,
      'firstName',
      'lastName',
      'title',
      'department',
      'email',
      'phone',
      'mobile',
      'linkedIn',
      'company',
      null,
      null,
      null,
    ])
  })

  it('never guesses one field for two columns', () => {
    expect(guessMapping(['Email', 'email', 'E-mail'], contactFields)).toEqual(['email', null, null])
  })

  it('says a field chosen twice, and a required one not chosen, in the product words', () => {
    const headers = ['Mail', 'Other mail']
    expect(mappingProblems(['email', 'email'], headers, contactFields)).toEqual([
      'Choose the column that holds First Name.',
      'Email is chosen for 2 columns (Mail, Other mail). Choose one.',
    ])
    expect(mappingProblems(['firstName', null], headers, contactFields)).toEqual([])
  })

  it('offers every field but an image', () => {
    expect(importFields('products').map((field) => field.name)).toEqual(['name', 'description'])
    expect(importFields('companies').find((field) => field.required)?.name).toBe('companyName')
  })
})

describe('a row', () => {
  const mapping = ['firstName', 'email', 'department', 'company', 'title']
  const check = (cells: string[]) => checkRow('contacts', contactFields, mapping, mapping.length, cells, 7)

  it('becomes the values a create stores: trimmed, a department by its label whatever its case, the company by name', () => {
    const row = check(['  Zoë ', 'zoe@example.com', 'engineering', 'Acme Ltd', ''])
    expect(isRefused(row)).toBe(false)
    const read = row as ReadRow
    expect(read.values).toMatchObject({
      firstName: 'Zoë',
      email: 'zoe@example.com',
      department: 'Engineering',
      company: null,
    })
    expect(read.names).toEqual({ company: 'Acme Ltd' })
    expect(read.given).toEqual(['firstName', 'email', 'department', 'company'])
    expect(read.line).toBe(7)
  })

  it('is refused with each field’s message, as a form says it', () => {
    const row = check(['', 'not an email', 'Astronomy', 'x'.repeat(201), ''])
    expect(row).toEqual({
      line: 7,
      cells: ['', 'not an email', 'Astronomy', 'x'.repeat(201), ''],
      problems: [
        'First Name: This field is required.',
        'Department: Must be one of the departments.',
        'Email: Must be a valid email address.',
        'Company: Must be at most 200 characters.',
      ],
    })
  })

  it('is refused when it has more cells than the header names', () => {
    const cells = Array.from({ length: 500 }, (_, i) => `cell ${i}`)
    expect(check(cells)).toMatchObject({ problems: ['This row has 500 cells; the header names 5 columns.'] })
  })

  it('of rich text becomes paragraphs', () => {
    const row = checkRow(
      'services',
      importFields('services'),
      ['name', 'description'],
      2,
      ['Audit', 'One\nTwo'],
      2,
    )
    expect((row as ReadRow).values.description).toEqual([
      { type: 'paragraph', children: [{ text: 'One' }] },
      { type: 'paragraph', children: [{ text: 'Two' }] },
    ])
  })
})

describe('the ids of an import', () => {
  it('are UUIDs made from the key and the line, the same each time, and differ by key, space and line', () => {
    const key = newImportKey()
    const id = importedId(key, 'rows', 12)
    expect(id).toMatch(UUID_PATTERN)
    expect(importedId(key, 'rows', 12)).toBe(id)
    expect(importedId(key, 'rows', 13)).not.toBe(id)
    expect(importedId(key, 'related', 12)).not.toBe(id)
    expect(importedId(newImportKey(), 'rows', 12)).not.toBe(id)
    expect(importedId(key, 'rows', 200_001)).toMatch(UUID_PATTERN)
  })
})

describe('the plan', () => {
  const key = 'a1b2c3d4e5f60718293a'
  const ACME = '00000000-0000-4000-8000-000000000001'
  /** A device that holds Ada (ada@example.com, +44 20 7946 0000) and the company Acme Ltd. */
  const holdings = (extra: string[] = []): Holdings => {
    const byKey = new Map<string, string>()
    for (const each of duplicateKeys(
      'contacts',
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: ACME },
      ['442079460000'],
    ))
      byKey.set(each, 'ada-id')
    const held = new Set(['ada-id', ...extra])
    return {
      byKey,
      namesByField: new Map([['company', new Map([['acme ltd', ACME]])]]),
      has: (id) => held.has(id),
    }
  }
  const row = (
    line: number,
    values: Record<string, unknown>,
    names: Record<string, string> = {},
  ): ReadRow => ({
    line,
    values: { firstName: '', lastName: '', email: '', phone: '', mobile: '', company: null, ...values },
    given: [...Object.keys(values), ...Object.keys(names)],
    names,
  })
  const rows = [
    row(2, { firstName: 'Grace', email: 'grace@example.com' }, { company: 'ACME ltd' }),
    row(3, { firstName: 'Alan', email: 'ADA@example.com', phone: '' }),
    row(4, { firstName: 'Linus', mobile: '+44 (20) 7946-0000' }),
    row(5, { firstName: 'Ken', email: 'ken@example.com' }, { company: 'Bell Labs' }),
    row(6, { firstName: 'Dennis', email: 'ken@example.com', title: 'Hacker' }, { company: 'bell labs' }),
    row(7, { firstName: 'Barbara' }, { company: 'Bell Labs' }),
  ]

  it('refuses a name read for a field that is no relation: a definition mistake, not a record named by guess', () => {
    const named = [row(2, { firstName: 'Grace' }, { title: 'Rear Admiral' })]
    expect(() => planImport('contacts', named, holdings(), 'skip', key)).toThrow(
      "The contact field 'title' was read as a relation's name, but its definition has no relation.createField to make one by",
    )
  })

  it('skips what the device holds or a row above repeats, and makes a new company once', () => {
    const plan = planImport('contacts', rows, holdings(), 'skip', key)
    expect(plan.rows.map((each) => each.kind)).toEqual(['create', 'skip', 'skip', 'create', 'skip', 'create'])
    expect(plan.rows[1]).toMatchObject({ said: 'the same email as a contact on this device' })
    expect(plan.rows[2]).toMatchObject({ said: 'the same phone number as a contact on this device' })
    expect(plan.rows[4]).toMatchObject({ said: 'the same email as line 5' })
    expect(plan).toMatchObject({ creates: 3, updates: 0, skips: 3, duplicates: 3, newRelated: ['Bell Labs'] })
    const grace = plan.rows[0]
    expect(grace).toMatchObject({
      id: importedId(key, 'rows', 2),
      values: { company: { relationTo: 'companies', value: ACME } },
      makes: [],
    })
    const ken = plan.rows[3]
    const bell = {
      collection: 'companies',
      id: importedId(key, 'related', 5),
      values: { companyName: 'Bell Labs' },
    }
    expect(ken).toMatchObject({ makes: [bell], values: { company: { value: bell.id } } })
    expect(plan.rows[5]).toMatchObject({ makes: [], values: { company: { value: bell.id } } })
  })

  it('updates the record a row repeats with the values it gives, on the device or made by a row above', () => {
    const plan = planImport('contacts', rows, holdings(), 'update', key)
    expect(plan.rows.map((each) => each.kind)).toEqual([
      'create',
      'update',
      'update',
      'create',
      'update',
      'create',
    ])
    expect(plan.rows[1]).toEqual({
      kind: 'update',
      line: 3,
      id: 'ada-id',
      values: { firstName: 'Alan', email: 'ADA@example.com', phone: '' },
      makes: [],
    })
    expect(plan.rows[4]).toMatchObject({
      id: importedId(key, 'rows', 5),
      values: { firstName: 'Dennis', title: 'Hacker' },
    })
  })

  it('adds every row when asked to, still counting the duplicates', () => {
    const plan = planImport('contacts', rows, holdings(), 'create', key)
    expect(plan).toMatchObject({ creates: 6, skips: 0, duplicates: 3 })
  })

  it('knows the rows an earlier run of the same import saved, and makes none twice', () => {
    const saved = [importedId(key, 'rows', 2), importedId(key, 'rows', 5)]
    const plan = planImport('contacts', rows, holdings(saved), 'skip', key)
    expect(plan.rows.map((each) => each.kind)).toEqual(['done', 'skip', 'skip', 'done', 'create', 'create'])
    expect(plan.done).toBe(2)
  })
})
