/**
 * POST /api/sync/batch: many queued changes in one request, each with its own Idempotency-Key,
 * If-Match and answer, in order; replayed safely after a lost answer, interchangeable with the same
 * change sent alone; and a batch it cannot read refused whole with the error body.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../../server/db/rows'
import { type BatchChange as Change, IDEMPOTENCY_HEADER } from '../../../src/domain/rest'
import { signedInApi, signedInServer } from '../helpers'

const signedIn = signedInServer()
const { api } = signedIn

/** A change's answer; its body is read as the tests read JSON answers. */
interface Answer {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: a JSON answer's body, read field by field as each test needs
  body: any
  replayed?: boolean
}

const batch = (changes: unknown) => api('POST', '/api/sync/batch', { changes })
const answersOf = async (changes: Change[]) => {
  const response = await batch(changes)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().answers as Answer[]
}
const create = (body: Record<string, unknown>, key = randomUUID()): Change => ({
  method: 'POST',
  path: 'contacts',
  key,
  body: { id: randomUUID(), ...body },
})
const contactsNamed = async (firstName: string) =>
  (await api('GET', `/api/contacts?where[firstName][equals]=${firstName}&limit=100`)).json().totalDocs

describe('a batch of changes', () => {
  it('lands each change in order with its own answer, in the feed and the history like any write', async () => {
    const { cursor } = (await api('GET', '/api/sync/changes?since=0&limit=1000')).json()
    const kept = create({ firstName: 'Batchkept', title: 'Ms' })
    const dropped = create({ firstName: 'Batchdropped' })
    const keptId = (kept.body as { id: string }).id
    const droppedId = (dropped.body as { id: string }).id
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString()
    const answers = await answersOf([
      kept,
      dropped,
      {
        method: 'PATCH',
        path: `contacts/${keptId}`,
        key: randomUUID(),
        ifMatch: '"1"',
        madeAt: anHourAgo,
        body: { title: 'Dr' },
      },
      { method: 'DELETE', path: `contacts/${droppedId}`, key: randomUUID(), ifMatch: '"1"' },
    ])

    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 200, 200])
    expect(answers[2]?.body.doc).toMatchObject({ id: keptId, title: 'Dr', version: 2 })
    expect(answers[3]?.body.doc).toMatchObject({ id: droppedId, version: 2 })
    expect((await api('GET', `/api/contacts/${keptId}`)).json()).toMatchObject({ title: 'Dr', version: 2 })
    expect((await api('GET', `/api/contacts/${droppedId}`)).statusCode).toBe(410)

    const changes = (await api('GET', `/api/sync/changes?since=${cursor}&limit=1000`)).json().changes as {
      id: string
      deleted: boolean
    }[]
    expect(changes.find((change) => change.id === keptId)?.deleted).toBe(false)
    expect(changes.find((change) => change.id === droppedId)?.deleted).toBe(true)

    const history = (await api('GET', `/api/contacts/${keptId}/history`)).json().docs
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['updated', 'created'])
    expect(history[0]).toMatchObject({ changes: { title: { from: 'Ms', to: 'Dr' } } })
    expect(Date.parse(history[0].madeAt)).toBe(Date.parse(anHourAgo))
  })

  it('answers a batch sent again from what it stored: every change once, each answer the same', async () => {
    const changes = [create({ firstName: 'Batchtwice' }), create({ firstName: 'Batchtwice' })]
    const first = await answersOf(changes)
    const again = await answersOf(changes)

    expect(first.map((answer) => answer.replayed)).toEqual([undefined, undefined])
    expect(again.map((answer) => answer.replayed)).toEqual([true, true])
    expect(again.map((answer) => answer.body)).toEqual(first.map((answer) => answer.body))
    expect(await contactsNamed('Batchtwice')).toBe(2)

    // The same change twice in one batch (a queue resent while its first answer was on its way).
    const twice = create({ firstName: 'Batchsame' })
    const [once, repeated] = await answersOf([twice, twice])
    expect(once).toMatchObject({ status: 201 })
    expect(repeated).toMatchObject({ status: 201, replayed: true, body: once?.body })
    expect(await contactsNamed('Batchsame')).toBe(1)
  })

  it('takes a change sent alone before as the same request: its answer comes back, nothing twice', async () => {
    const change = create({ firstName: 'Batchalone' })
    const alone = await api('POST', '/api/contacts', change.body, { [IDEMPOTENCY_HEADER]: change.key })
    expect(alone.statusCode).toBe(201)

    const [answer] = await answersOf([change])
    expect(answer).toMatchObject({ status: 201, replayed: true, body: alone.json() })
    expect(await contactsNamed('Batchalone')).toBe(1)

    // And the other way round: a change a batch carried, sent alone, is answered from the batch's store.
    const batched = create({ firstName: 'Batchfirst' })
    const [landed] = await answersOf([batched])
    const resent = await api('POST', '/api/contacts', batched.body, { [IDEMPOTENCY_HEADER]: batched.key })
    expect(resent.headers['idempotent-replayed']).toBe('true')
    expect(resent.json()).toEqual(landed?.body)
  })

  it('answers each of many creates as it would alone: a bad body, a missing company, an id twice', async () => {
    const company = {
      method: 'POST',
      path: 'companies',
      key: randomUUID(),
      body: { id: randomUUID(), companyName: 'Batch Harbour' },
    }
    const companyId = (company.body as { id: string }).id
    const twiceId = randomUUID()
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString()
    const changes: Change[] = [
      company,
      { ...create({ firstName: 'Batchrun', company: companyId }), madeAt: anHourAgo },
      create({ firstName: 'Batchrun', email: 'not an email' }),
      create({ firstName: 'Batchrun', company: randomUUID() }),
      { ...create({ firstName: 'Batchrun' }), body: { id: twiceId, firstName: 'Batchrun' } },
      { ...create({ firstName: 'Batchrun' }), body: { id: twiceId, firstName: 'Batchrun' } },
      create({ firstName: 'Batchrun', lastName: 'Last' }),
    ]
    const answers = await answersOf(changes)
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 400, 400, 201, 200, 201])
    expect(answers[1]?.body.doc.company).toMatchObject({ relationTo: 'companies', value: companyId })
    expect(answers[2]?.body.errors[0].data[0].field).toBe('email')
    expect(answers[3]?.body.errors[0].data[0]).toMatchObject({ field: 'company' })
    expect(answers[5]?.body.doc).toEqual(answers[4]?.body.doc)
    const twiceHistory = (await api('GET', `/api/contacts/${twiceId}/history`)).json().docs
    expect(twiceHistory.map((entry: { action: string }) => entry.action)).toEqual(['created'])
    expect(await contactsNamed('Batchrun')).toBe(3)

    // Each has its own history, with the time its device made it.
    const contactId = answers[1]?.body.doc.id
    const [created] = (await api('GET', `/api/contacts/${contactId}/history`)).json().docs
    expect(created).toMatchObject({
      action: 'created',
      version: 1,
      changes: { firstName: { from: null, to: 'Batchrun' } },
    })
    expect(Date.parse(created.madeAt)).toBe(Date.parse(anHourAgo))
    // And the same batch again answers the same, from what it stored.
    const again = await answersOf(changes)
    expect(again.map((answer) => answer.status)).toEqual([201, 201, 400, 400, 201, 200, 201])
    expect(await contactsNamed('Batchrun')).toBe(3)
  })

  it('checks the companies many creates name at once, as each would alone: live, deleted and unknown', async () => {
    const companies = ['Batchlive One', 'Batchlive Two', 'Batchdeleted'].map((companyName) => ({
      method: 'POST' as const,
      path: 'companies',
      key: randomUUID(),
      body: { id: randomUUID(), companyName },
    }))
    const [one, two, deleted] = companies.map((company) => company.body.id) as [string, string, string]
    expect((await answersOf(companies)).map((answer) => answer.status)).toEqual([201, 201, 201])
    expect((await api('DELETE', `/api/companies/${deleted}`)).statusCode).toBe(200)
    const answers = await answersOf([
      create({ firstName: 'Batchnamed', company: one }),
      create({ firstName: 'Batchnamed', company: deleted }),
      create({ firstName: 'Batchnamed', company: two }),
      create({ firstName: 'Batchnamed', company: randomUUID() }),
      create({ firstName: 'Batchnamed', company: one }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([201, 400, 201, 400, 201])
    for (const refused of [answers[1], answers[3]])
      expect(refused?.body.errors[0].data).toEqual([
        { field: 'company', message: 'No company with this id exists.' },
      ])
    expect(answers[2]?.body.doc.company).toMatchObject({ relationTo: 'companies', value: two })
    expect(await contactsNamed('Batchnamed')).toBe(3)
  })

  it('answers a second create of an id in the same batch with what is there, whatever it points at', async () => {
    const id = randomUUID()
    const first = { ...create({}), body: { id, firstName: 'Batchagain' } }
    const again = { ...create({}), body: { id, firstName: 'Batchagain', company: randomUUID() } }
    const answers = await answersOf([first, again])
    expect(answers.map((answer) => answer.status)).toEqual([201, 200])
    expect(answers[1]?.body.doc).toEqual(answers[0]?.body.doc)
    expect(await contactsNamed('Batchagain')).toBe(1)
  })

  it('stores many creates of different fields, rich text and awkward characters as each alone would store it', async () => {
    // The batch's rows travel to the database as one JSON value (server/db/recordset.ts): quotes,
    // backslashes, accents, emoji and line breaks, a rich text's marks and a field left out must all
    // come back as a create sent alone gives them.
    const awkward = 'Zoë "the" O\'Brien \\ 100% 🚀\nline two'
    const description = [{ type: 'paragraph', children: [{ text: awkward, bold: true }] }]
    const bodies = [
      { name: `Batchrich ${awkward}`, description },
      { name: 'Batchrich plain' },
      { name: 'Batchrich empty', description: [{ type: 'paragraph', children: [{ text: '' }] }] },
    ]
    const answers = await answersOf(
      bodies.map((body) => ({
        method: 'POST',
        path: 'products',
        key: randomUUID(),
        body: { id: randomUUID(), ...body },
      })),
    )
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201])
    for (const [n, body] of bodies.entries()) {
      const alone = (await api('POST', '/api/products', body)).json().doc
      const batched = answers[n]?.body.doc
      const read = (await api('GET', `/api/products/${batched.id}`)).json()
      const comparable = ({ id, createdAt, updatedAt, ...rest }: Record<string, unknown>) => rest
      expect(comparable(batched)).toEqual({ ...comparable(alone), version: 1 })
      expect(read).toEqual(batched)
    }
    // In the database too, each description is the JSON it was sent as, not a string of it.
    const stored = rowsOf(
      await signedIn.server.db.execute(
        sql`select distinct jsonb_typeof(description) as kind from products where name like 'Batchrich%'`,
      ),
    )
    expect(stored).toEqual([{ kind: 'array' }])
    const searched = await api(
      'GET',
      `/api/products?where[search][like]=${encodeURIComponent("o'brien")}&limit=10`,
    )
    expect(searched.json().totalDocs).toBe(2)
  })

  it('leaves every list and search true after many creates at once, which it does not follow row by row', async () => {
    const lists = [
      '/api/contacts?limit=10',
      '/api/contacts?limit=10&where[search][like]=Batchlisted',
      '/api/contacts?limit=10&sort=-lastName',
    ]
    const totals = async () =>
      Promise.all(lists.map(async (url) => (await api('GET', url)).json().totalDocs as number))
    await totals()
    const before = await totals()
    await answersOf(Array.from({ length: 5 }, () => create({ firstName: 'Batchlisted', lastName: 'Zz' })))
    expect(await totals()).toEqual(before.map((total) => total + 5))
    const firstPage = (await api('GET', '/api/contacts?limit=10&sort=-lastName')).json().docs
    expect(firstPage.slice(0, 5).map((doc: { firstName: string }) => doc.firstName)).toEqual(
      Array(5).fill('Batchlisted'),
    )
  })

  it('answers each of many updates in a run as it would alone, in the history and lists like any write', async () => {
    const company = (await api('POST', '/api/companies', { companyName: 'Batchupdate Ltd' })).json().doc.id
    /** One record for each case, titled 'One', moved first by someone else where the case says. */
    const cases = async (run: string) => {
      const made = await answersOf(
        Array.from({ length: 9 }, (_, n) =>
          create({ firstName: `Batchupd${run}`, lastName: `N${n}`, title: 'One' }),
        ),
      )
      const ids = made.map((answer) => answer.body.doc.id as string)
      await api('PATCH', `/api/contacts/${ids[3]}`, { title: 'Someone else' })
      await api('PATCH', `/api/contacts/${ids[4]}`, { department: 'Someone else' })
      await api('DELETE', `/api/contacts/${ids[5]}`)
      const change = (at: number, body: unknown, ifMatch?: string): Change => ({
        method: 'PATCH',
        path: `contacts/${ids[at] ?? randomUUID()}`,
        key: randomUUID(),
        ...(ifMatch ? { ifMatch } : {}),
        body,
      })
      return [
        change(0, { title: 'Two', _base: { title: 'One' } }, '"1"'),
        change(1, { company, title: 'Two' }, '"1"'),
        change(2, { company: randomUUID() }, '"1"'),
        change(3, { title: 'Three', _base: { title: 'One' } }, '"1"'),
        change(4, { title: 'Three', _base: { title: 'One' } }, '"1"'),
        change(5, { title: 'Three' }, '"1"'),
        change(9, { title: 'Three' }),
        change(6, { title: 5 }),
        change(7, {}),
        // The same record again: it waits for its first update, as it would alone.
        change(0, { department: 'Sales' }),
      ]
    }
    const comparable = (answer: Answer) => {
      const { id, createdAt, updatedAt, ...doc } = answer.body.doc ?? {}
      return { status: answer.status, doc, errors: answer.body.errors, message: answer.body.message }
    }
    const alone: Answer[] = []
    for (const change of await cases('alone')) {
      const headers = change.ifMatch ? { 'if-match': change.ifMatch } : undefined
      const response = await api('PATCH', `/api/${change.path}`, change.body, headers)
      alone.push({ status: response.statusCode, body: response.json() })
    }
    const batched = await cases('batched')
    const { cursor } = (await api('GET', '/api/sync/changes?since=0&limit=1000')).json()
    // Counted before, so remembered: the run does not follow its rows, and the count must still move.
    const titledTwo = '/api/contacts?where[search][like]=batchupdbatched&where[title][equals]=Two'
    expect((await api('GET', titledTwo)).json().totalDocs).toBe(0)
    const answers = await answersOf(batched)

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400, 412, 200, 410, 404, 400, 200, 200])
    const named = (answer: Answer) => ({
      ...comparable(answer),
      doc: { ...comparable(answer).doc, firstName: '' },
    })
    expect(answers.map(named)).toEqual(alone.map(named))
    expect(answers[9]?.body.doc).toMatchObject({ title: 'Two', department: 'Sales', version: 3 })

    const idAt = (at: number) => (batched[at]?.path ?? '').split('/')[1]
    const moved = (await api('GET', `/api/sync/changes?since=${cursor}&limit=1000`)).json().changes as {
      id: string
    }[]
    expect(moved.map((change) => change.id).sort()).toEqual([idAt(0), idAt(1), idAt(4)].sort())
    const firstId = idAt(0)
    const history = (await api('GET', `/api/contacts/${firstId}/history`)).json().docs
    expect(history.map((entry: { action: string }) => entry.action)).toEqual([
      'updated',
      'updated',
      'created',
    ])
    expect(history[1]).toMatchObject({ changes: { title: { from: 'One', to: 'Two' } } })
    expect((await api('GET', titledTwo)).json().totalDocs).toBe(2)

    const [replayed] = await answersOf([batched[0] as Change])
    expect(replayed).toMatchObject({ status: 200, replayed: true })
  })

  it('answers each of many deletes in a run as it would alone, and unlinks what pointed at them', async () => {
    /** Contacts for each case, and two companies with a contact each; moved first where the case says. */
    const cases = async (run: string) => {
      const made = await answersOf(
        Array.from({ length: 4 }, (_, n) => create({ firstName: `Batchdel${run}`, lastName: `N${n}` })),
      )
      const ids = made.map((answer) => answer.body.doc.id as string)
      await api('PATCH', `/api/contacts/${ids[2]}`, { title: 'Someone else' })
      await api('DELETE', `/api/contacts/${ids[3]}`)
      const companies: string[] = []
      for (const n of [0, 1]) {
        const company = (await api('POST', '/api/companies', { companyName: `Batchdel ${run} ${n}` })).json()
          .doc.id
        await api('POST', '/api/contacts', { firstName: `Batchdelworker${run}`, company })
        companies.push(company)
      }
      const remove = (path: string, ifMatch?: string): Change => ({
        method: 'DELETE',
        path,
        key: randomUUID(),
        ...(ifMatch ? { ifMatch } : {}),
      })
      return {
        changes: [
          remove(`contacts/${ids[0]}`, '"1"'),
          remove(`contacts/${ids[1]}`),
          remove(`contacts/${ids[2]}`, '"1"'),
          remove(`contacts/${ids[3]}`),
          remove(`contacts/${randomUUID()}`),
          // The same record again: it waits for its first delete, as it would alone.
          remove(`contacts/${ids[0]}`),
          ...companies.map((company) => remove(`companies/${company}`, '"1"')),
        ],
        companies,
      }
    }
    const comparable = (answer: Answer) => {
      const { id, createdAt, updatedAt, deletedAt, firstName, companyName, ...doc } =
        answer.body.doc ?? answer.body.errors?.[0]?.doc ?? {}
      return { status: answer.status, doc, message: answer.body.message, errors: answer.body.errors?.length }
    }
    const alone: Answer[] = []
    for (const change of (await cases('alone')).changes) {
      const headers = change.ifMatch ? { 'if-match': change.ifMatch } : undefined
      const response = await api('DELETE', `/api/${change.path}`, undefined, headers)
      alone.push({ status: response.statusCode, body: response.json() })
    }
    const batched = await cases('batched')
    const { cursor } = (await api('GET', '/api/sync/changes?since=0&limit=1000')).json()
    const answers = await answersOf(batched.changes)

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 412, 410, 404, 410, 200, 200])
    expect(answers.map(comparable)).toEqual(alone.map(comparable))
    const moved = (await api('GET', `/api/sync/changes?since=${cursor}&limit=1000`)).json().changes as {
      id: string
      deleted: boolean
    }[]
    // Two contacts and two companies deleted, and the two contacts that named those companies unlinked.
    expect(moved.filter((change) => change.deleted)).toHaveLength(4)
    expect(moved).toHaveLength(6)
    const workers = (await api('GET', '/api/contacts?where[firstName][equals]=Batchdelworkerbatched')).json()
      .docs
    expect(workers.map((doc: { company: unknown }) => doc.company)).toEqual([null, null])
    // Its delete kept what it unlinked: a restore links the contact again.
    const admin = signedInApi(signedIn.server, (await signedIn.server.signIn({ role: 'admin' })).cookie)
    const restored = await admin('POST', `/api/companies/${batched.companies[0]}/restore`)
    expect(restored.statusCode, restored.body).toBe(200)
    const relinked = (await api('GET', '/api/contacts?where[firstName][equals]=Batchdelworkerbatched')).json()
      .docs
    expect(
      relinked.map((doc: { company: { value?: string } | null }) => doc.company?.value ?? null).sort(),
    ).toEqual([batched.companies[0], null].sort())
  })

  it('refuses a stale change alone, keeps that answer under its key, and lands the rest', async () => {
    const record = create({ firstName: 'Batchstale', title: 'One' })
    const id = (record.body as { id: string }).id
    await answersOf([record])
    await api('PATCH', `/api/contacts/${id}`, { title: 'Two' })

    const stale: Change = {
      method: 'PATCH',
      path: `contacts/${id}`,
      key: randomUUID(),
      ifMatch: '"1"',
      body: { title: 'Three' },
    }
    const beside = create({ firstName: 'Batchbeside' })
    const answers = await answersOf([stale, beside])
    expect(answers.map((answer) => answer.status)).toEqual([412, 201])
    expect(answers[0]?.body.doc).toMatchObject({ title: 'Two', version: 2 })
    expect(answers[0]?.body.errors[0].message).toEqual(expect.any(String))

    const [replayed] = await answersOf([stale])
    expect(replayed).toMatchObject({ status: 412, replayed: true })
    expect((await api('GET', `/api/contacts/${id}`)).json().title).toBe('Two')
  })

  it('answers 422 to a change whose key was used for another request, and only to it', async () => {
    const first = create({ firstName: 'Batchkey' })
    await answersOf([first])
    const reused = { ...create({ firstName: 'Batchother' }), key: first.key }
    const beside = create({ firstName: 'Batchkeybeside' })
    const answers = await answersOf([reused, beside])
    expect(answers.map((answer) => answer.status)).toEqual([422, 201])
    expect(answers[0]?.body.errors[0].name).toBe('IdempotencyError')
    expect(await contactsNamed('Batchother')).toBe(0)
  })

  it('gives a change no route takes, or a bad id, If-Match or time, its own 4xx, and keeps none of them', async () => {
    const id = randomUUID()
    const refused: [Change, number][] = [
      [{ method: 'GET', path: 'contacts', key: randomUUID() }, 404],
      [{ method: 'POST', path: 'users', key: randomUUID(), body: { email: 'x@example.com' } }, 404],
      [{ method: 'POST', path: `contacts/${id}/restore`, key: randomUUID() }, 404],
      [{ method: 'POST', path: `contacts/${id}`, key: randomUUID(), body: {} }, 404],
      [{ method: 'DELETE', path: 'contacts', key: randomUUID() }, 404],
      [{ method: 'PATCH', path: '../contacts', key: randomUUID(), body: {} }, 404],
      [{ method: 'PATCH', path: 'contacts/not-an-id', key: randomUUID(), body: {} }, 400],
      [{ method: 'PATCH', path: `contacts/${id}`, key: randomUUID(), ifMatch: 'three', body: {} }, 400],
      [{ ...create({ firstName: 'Batchbadtime' }), madeAt: 'yesterday' }, 400],
      [{ method: 'PATCH', path: `contacts/${id}`, key: randomUUID(), body: { firstName: 'Nobody' } }, 404],
      [create({ email: 'not an email' }), 400],
    ]
    const answers = await answersOf(refused.map(([change]) => change))
    expect(answers.map((answer) => answer.status)).toEqual(refused.map(([, status]) => status))
    for (const answer of answers) expect(answer.body.errors[0].message).toEqual(expect.any(String))

    // A bad time is the request's fault, never stored: the same key lands once the time is right.
    const badTime = refused[8]?.[0] as Change
    const [fixed] = await answersOf([{ ...badTime, madeAt: new Date().toISOString() }])
    expect(fixed?.status).toBe(201)
  })

  it('refuses a batch it cannot read, whole, with the error body, and runs none of it', async () => {
    const good = create({ firstName: 'Batchnever' })
    const unreadable: unknown[] = [
      undefined,
      'changes',
      [],
      Array.from({ length: 101 }, () => create({ firstName: 'Batchnever' })),
      [good, 'a change'],
      [good, { ...create({}), headers: {} }],
      [good, { ...create({}), key: '' }],
      [good, { ...create({}), key: 'a key with spaces' }],
      [good, { ...create({}), method: 5 }],
      [good, { ...create({}), path: null }],
      [good, { ...create({}), ifMatch: 3 }],
      [good, { ...create({}), madeAt: {} }],
    ]
    for (const changes of unreadable) {
      const response = await batch(changes)
      expect(response.statusCode, JSON.stringify(changes)?.slice(0, 80)).toBe(400)
      expect(response.json().errors[0]).toMatchObject({ name: 'BadRequest', message: expect.any(String) })
    }
    const notJson = await api('POST', '/api/sync/batch', 'changes', { 'content-type': 'application/json' })
    expect(notJson.statusCode).toBe(400)
    const tooLarge = await batch([create({ firstName: 'Batchnever', title: 'x'.repeat(1_100_000) })])
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json().errors[0].message).toEqual(expect.any(String))
    expect(await contactsNamed('Batchnever')).toBe(0)
  })
})
