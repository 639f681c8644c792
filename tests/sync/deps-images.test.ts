import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { attachImage, removeImage } from '../../src/db/image-writes'
import { createRecord, opsFor, updateRecord } from '../../src/db/record-writes'
import { push } from '../../src/sync/push'
import { withPending } from '../../src/sync/rebase'
import { discardChange } from '../../src/sync/resolve'
import { echoDoc, json, scripted } from './fake-server'

let env: ReturnType<typeof scripted>
beforeEach(() => {
  env = scripted()
})
afterEach(() => env.db.delete())

describe('dependencies', () => {
  it('makes a contact wait for the create of the company it points at', async () => {
    const company = await createRecord(env.writes, 'companies', { companyName: 'Acme' })
    const contact = await createRecord(env.writes, 'contacts', {
      firstName: 'Ada',
      company: { relationTo: 'companies', value: company },
    })
    const [companyOp] = await opsFor(env.db, 'companies', company)
    const [contactOp] = await opsFor(env.db, 'contacts', contact)
    expect(contactOp?.deps).toEqual([companyOp?.opId])

    env.state.answer = (request) =>
      request.path === 'companies' ? json(503, {}) : json(201, { doc: echoDoc(request) })
    await push(env.ctx)
    expect(env.state.sent.map((request) => request.path)).toEqual(['companies'])

    env.state.now += 600_000
    env.state.answer = (request) => json(201, { doc: echoDoc(request) })
    await push(env.ctx)
    expect(env.state.sent.map((request) => request.path)).toEqual(['companies', 'companies', 'contacts'])
    expect(await env.db.outbox.count()).toBe(0)
  })

  it('keeps a contact waiting when its refused company is corrected and re-queued', async () => {
    const company = await createRecord(env.writes, 'companies', { companyName: 'Acme', website: 'ftp://x' })
    const contact = await createRecord(env.writes, 'contacts', {
      firstName: 'Ada',
      company: { relationTo: 'companies', value: company },
    })
    env.state.answer = (request) =>
      request.path === 'companies'
        ? json(400, { errors: [{ name: 'ValidationError', title: 'Bad', message: 'Bad website' }] })
        : json(201, { doc: echoDoc(request) })
    await push(env.ctx)
    await updateRecord(env.writes, 'companies', company, { website: 'https://acme.example' })
    const [requeued] = await opsFor(env.db, 'companies', company)
    const [waiting] = await opsFor(env.db, 'contacts', contact)
    expect(requeued?.status).toBe('pending')
    expect(waiting?.deps).toEqual([requeued?.opId])

    env.state.answer = (request) =>
      request.path === 'companies' ? json(503, {}) : json(201, { doc: echoDoc(request) })
    await push(env.ctx)
    expect(env.state.sent.filter((request) => request.path === 'contacts')).toEqual([])
  })

  it('does not wait for a company that is already on the server', async () => {
    await env.db.companies.put({ id: 'c0', companyName: 'Acme', version: 3 } as never)
    const contact = await createRecord(env.writes, 'contacts', { firstName: 'Ada', company: 'c0' })
    expect((await opsFor(env.db, 'contacts', contact))[0]?.deps).toEqual([])
  })
})

describe('images', () => {
  const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })

  it('keeps the file, queues its upload, and makes the record wait for it', async () => {
    await env.db.products.put({ id: 'p1', name: 'Pump', version: 2, productImage: null } as never)
    const imageId = await attachImage(env.writes, 'products', 'p1', png, 'pump.png')
    expect(await env.db.images.get(imageId)).toMatchObject({ kind: 'product-image', filename: 'pump.png' })
    expect((await env.db.products.get('p1'))?.productImage).toEqual({ id: imageId, filename: 'pump.png' })
    const [upload] = await opsFor(env.db, 'products', imageId)
    const [update] = await opsFor(env.db, 'products', 'p1')
    expect(upload).toMatchObject({ kind: 'upload', patch: { kind: 'product-image' } })
    expect(update).toMatchObject({
      kind: 'update',
      patch: { productImage: { id: imageId } },
      deps: [upload?.opId],
    })

    env.state.answer = (request) =>
      request.path === 'product-image'
        ? json(201, { doc: { id: imageId, filename: 'pump-1.png', mimeType: 'image/png' } })
        : json(200, {
            doc: {
              ...echoDoc(request, 3),
              name: 'Pump',
              productImage: { id: imageId, filename: 'pump-1.png' },
            },
          })
    await push(env.ctx)
    const [uploadRequest, updateRequest] = env.state.sent
    expect(uploadRequest?.method).toBe('POST')
    const form = uploadRequest?.body as FormData
    expect(form.get('id')).toBe(imageId)
    expect((form.get('file') as File).name).toBe('pump.png')
    expect(updateRequest).toMatchObject({ method: 'PATCH', path: 'products/p1' })
    expect((await env.db.products.get('p1'))?.productImage).toEqual({ id: imageId, filename: 'pump-1.png' })
    expect(await env.db.outbox.count()).toBe(0)
  })

  it('names the image as the server did in the change still queued, so a doc pulled before it lands keeps that name', async () => {
    await env.db.products.put({ id: 'p1', name: 'Pump', version: 2, productImage: null } as never)
    const imageId = await attachImage(env.writes, 'products', 'p1', png, 'pump.png')
    // The upload lands; the record's change meets a lost connection and stays queued.
    env.state.answer = (request) =>
      request.path === 'product-image'
        ? json(201, { doc: { id: imageId, filename: 'pump-Zq3.png', mimeType: 'image/png' } })
        : 'network'
    expect(await push(env.ctx)).toBe('offline')
    const [update] = await opsFor(env.db, 'products', 'p1')
    expect(update?.patch).toEqual({ productImage: { id: imageId, filename: 'pump-Zq3.png' } })

    // A colleague's edit comes with the feed meanwhile: the queued change is laid over it, as pull.ts does.
    const theirs = { id: 'p1', name: 'Pump', version: 3, productImage: null }
    expect(withPending(theirs, await opsFor(env.db, 'products', 'p1'))).toMatchObject({
      productImage: { id: imageId, filename: 'pump-Zq3.png' },
    })
  })

  it('removes an image by setting the field to null', async () => {
    await env.db.services.put({
      id: 's1',
      name: 'Audit',
      version: 1,
      serviceImage: { id: 'i1', filename: 'a.png' },
    } as never)
    await removeImage(env.writes, 'services', 's1')
    expect((await opsFor(env.db, 'services', 's1'))[0]?.patch).toEqual({ serviceImage: null })
  })

  it('fails an upload whose bytes are gone instead of blocking the queue', async () => {
    await env.db.products.put({ id: 'p1', name: 'Pump', version: 2, productImage: null } as never)
    const imageId = await attachImage(env.writes, 'products', 'p1', png, 'pump.png')
    await env.db.images.delete(imageId)
    await push(env.ctx)
    expect((await opsFor(env.db, 'products', imageId))[0]?.status).toBe('failed')
    expect(env.state.notices[0]).toContain('no longer stored here')
  })

  it('discarding an upload that failed leaves nothing pointing at a name the server never gave', async () => {
    const before = { id: 'i0', filename: 'pump-Zq3.png' }
    await env.db.products.put({ id: 'p1', name: 'Pump', version: 2, productImage: before } as never)
    await env.db.products.put({ id: 'p2', name: 'Valve', version: 1, productImage: null } as never)
    const first = await attachImage(env.writes, 'products', 'p1', png, 'pump.png')
    await updateRecord(env.writes, 'products', 'p1', { name: 'Big pump' })
    const second = await attachImage(env.writes, 'products', 'p2', png, 'valve.png')
    for (const id of [first, second]) await env.db.images.delete(id)
    await push(env.ctx)
    const failed = await env.db.outbox.filter((op) => op.kind === 'upload').toArray()
    expect(failed.map((op) => op.status)).toEqual(['failed', 'failed'])

    for (const upload of failed) await discardChange(env.ctx, upload)
    // Each record shows the image it had before; the name only this device gave is gone.
    expect((await env.db.products.get('p1'))?.productImage).toEqual(before)
    expect((await env.db.products.get('p2'))?.productImage).toBeNull()
    // The edit made with the image stays, without it; a change that was only the image goes.
    const queued = await env.db.outbox.toArray()
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({ recordId: 'p1', patch: { name: 'Big pump' }, deps: [] })
    expect(queued[0]?.patch).not.toHaveProperty('productImage')
    expect(queued[0]?.base).not.toHaveProperty('productImage')

    env.state.answer = (request) => json(200, { doc: { ...echoDoc(request, 3), productImage: before } })
    await push(env.ctx)
    expect(env.state.sent.at(-1)).toMatchObject({ method: 'PATCH', path: 'products/p1' })
    expect(env.state.sent.at(-1)?.body).not.toHaveProperty('productImage')
    expect(await env.db.outbox.count()).toBe(0)
  })

  it('merges a later edit of the record into its queued update, keeping the wait', async () => {
    await env.db.products.put({ id: 'p1', name: 'Pump', version: 2, productImage: null } as never)
    const imageId = await attachImage(env.writes, 'products', 'p1', png, 'pump.png')
    await updateRecord(env.writes, 'products', 'p1', { name: 'Big pump' })
    const [update] = await opsFor(env.db, 'products', 'p1')
    const [upload] = await opsFor(env.db, 'products', imageId)
    expect(update).toMatchObject({
      patch: { name: 'Big pump', productImage: { id: imageId } },
      deps: [upload?.opId],
    })
  })
})
