/**
 * The one door screens write through (src/sync/mutators.ts): a write lands in the mirror and the outbox
 * and nudges the sync once; a refused value writes nothing; an account sent to the server is kept on
 * this device only when it is the signed-in user's own.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Account } from '../../../src/domain/user'
import type { ApiRequest } from '../../../src/transport/http'
import { makeRuntime, type TestRuntime, testUser } from '../helpers'

const account = (id: string, firstName: string): Account => ({
  id,
  email: `${id}@example.com`,
  firstName,
  lastName: 'Lovelace',
  username: id,
  company: '',
  address: '',
  city: '',
  country: '',
  postalCode: '',
  aboutMe: '',
  role: { id: 'user', roleName: 'User' },
  userImage: null,
  version: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

let runtime: TestRuntime
afterEach(() => runtime.db.delete())

describe('mutate', () => {
  it('adds a record to the mirror and the outbox, and nudges the sync once', async () => {
    runtime = makeRuntime()
    const result = await runtime.mutate.add('contacts', { firstName: ' Grace ', lastName: 'Hopper' })
    if (!result.ok) throw new Error('refused')
    expect((await runtime.db.contacts.get(result.id))?.firstName).toBe('Grace')
    expect((await runtime.db.outbox.toArray()).map((op) => op.kind)).toEqual(['create'])
    expect(runtime.afterWrite).toHaveBeenCalledTimes(1)
  })

  it('writes nothing, and does not nudge, when a value is refused', async () => {
    runtime = makeRuntime()
    const result = await runtime.mutate.add('contacts', { firstName: 'Grace', email: 'not an email' })
    expect(result.ok).toBe(false)
    expect(await runtime.db.outbox.count()).toBe(0)
    expect(runtime.afterWrite).not.toHaveBeenCalled()
  })

  it('nudges a save only when a field really changed', async () => {
    runtime = makeRuntime()
    const added = await runtime.mutate.add('contacts', { firstName: 'Grace' })
    if (!added.ok) throw new Error('refused')
    runtime.afterWrite.mockClear()
    expect(await runtime.mutate.save('contacts', added.id, { firstName: 'Grace' })).toMatchObject({
      changed: [],
    })
    expect(runtime.afterWrite).not.toHaveBeenCalled()
    await runtime.mutate.save('contacts', added.id, { title: 'Rear Admiral' })
    expect(runtime.afterWrite).toHaveBeenCalledTimes(1)
  })

  it("keeps an account the server answered only when it is one's own", async () => {
    const requests: ApiRequest[] = []
    runtime = makeRuntime(testUser, async (request) => {
      requests.push(request)
      const id = request.path.split('/').pop() as string
      return { status: 200, headers: {}, body: { doc: account(id, 'Changed') } }
    })
    const colleague = await runtime.mutate.updateAccount('u2', { firstName: 'Changed' })
    expect(colleague.firstName).toBe('Changed')
    expect(await runtime.db.users.get('u2')).toBeUndefined()
    await runtime.mutate.updateAccount(testUser.id, { firstName: 'Changed' })
    expect((await runtime.db.users.get(testUser.id))?.firstName).toBe('Changed')
    expect(requests.map((request) => request.path.split('/').pop())).toEqual(['u2', testUser.id])
  })
})
