/**
 * Photos are their owners': a user's photo is served only to that user, to
 * whoever uploaded it and to Admins (anyone else gets the 404 of a name that
 * does not exist), stored names cannot be guessed from the uploaded name, and
 * an upload under another user's image id does not hand over that image.
 * Asked from outside, over a real socket, as a browser would.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { images, users } from '../../../server/db/schema'
import { imageUploader } from '../../../server/images/store'
import { ROLE_IDS } from '../../../src/domain/user'
import { rawCall, startTestServer, type TestServer } from '../helpers'
import { imageForm, png } from '../image-fixtures'
import type { RawAnswer } from '../raw-http'

let server: TestServer
let base: string

beforeAll(async () => {
  server = await startTestServer()
  base = await server.listen()
})
afterAll(() => server?.close())

/** A GET (or HEAD) of `path` over a real socket, as signed in with `cookie`: no test shortcut in between. */
const get = (path: string, cookie?: string, method = 'GET') =>
  rawCall(base, method, path, cookie ? { cookie } : {})
const json = (answer: RawAnswer) => JSON.parse(answer.body)

/** POST /api/{kind} with the image as a browser's FormData would send it. */
async function upload(cookie: string, kind: string, name: string, id?: string) {
  const encoded = new Response(imageForm(png(8, 8), name, id))
  const type = encoded.headers.get('content-type') ?? ''
  return rawCall(
    base,
    'POST',
    `/api/${kind}`,
    { cookie, 'content-type': type },
    Buffer.from(await encoded.arrayBuffer()),
  )
}

async function uploaded(cookie: string, kind: string, name: string, id?: string) {
  const answer = await upload(cookie, kind, name, id)
  expect(answer.status, answer.body).toBe(201)
  return json(answer).doc as { id: string; filename: string }
}

const photoUrl = (filename: string) => `/images/user_image/${encodeURIComponent(filename)}`

describe('GET /images/user_image/{name}', () => {
  it("answers a user's photo to them, its uploader and Admins; to other users the 404 of no such file", async () => {
    const alice = await server.signIn()
    const bob = await server.signIn()
    const admin = await server.signIn({ role: ROLE_IDS.Admin })
    const photo = await uploaded(alice.cookie, 'user-image', 'alice.png')
    // Uploaded, not yet her photo (a device uploads first, then points the profile at it): hers as uploader.
    expect((await get(photoUrl(photo.filename), alice.cookie)).status).toBe(200)
    expect((await get(photoUrl(photo.filename), bob.cookie)).status).toBe(404)
    const set = await server.request(alice.cookie, {
      method: 'PATCH',
      url: `/api/users/${alice.user.id}`,
      payload: { userImage: photo.id },
    })
    expect(set.statusCode, set.body).toBe(200)

    for (const cookie of [alice.cookie, admin.cookie]) {
      const answer = await get(photoUrl(photo.filename), cookie)
      expect(answer.status).toBe(200)
      expect(answer.headers['content-type']).toBe('image/png')
    }
    const nothing = await get(photoUrl('no-such-photo.png'), bob.cookie)
    expect(nothing.status).toBe(404)
    for (const method of ['GET', 'HEAD']) {
      const refused = await get(photoUrl(photo.filename), bob.cookie, method)
      expect(refused.status, method).toBe(404)
      // Nothing tells a refused photo from a name that does not exist.
      if (method === 'GET') expect(json(refused)).toEqual(json(nothing))
    }

    // The photo an Admin uploaded and set for a user: theirs to see, not the other users'.
    const carol = await server.signIn()
    const given = await uploaded(admin.cookie, 'user-image', 'carol.png')
    await server.db.update(users).set({ userImage: given.id }).where(eq(users.id, carol.user.id))
    expect((await get(photoUrl(given.filename), carol.cookie)).status).toBe(200)
    expect((await get(photoUrl(given.filename), bob.cookie)).status).toBe(404)
    // Signed out: the session is asked for first, as for every image.
    expect((await get(photoUrl(given.filename))).status).toBe(401)

    // Catalog images stay the whole team's.
    const product = await uploaded(alice.cookie, 'product-image', 'pump.png')
    expect((await get(`/images/product_image/${product.filename}`, bob.cookie)).status).toBe(200)
  })

  it('a photo from before uploaders were recorded is still its user’s and Admins’, no one else’s', async () => {
    const dana = await server.signIn()
    const bob = await server.signIn()
    const admin = await server.signIn({ role: ROLE_IDS.Admin })
    const photo = await uploaded(dana.cookie, 'user-image', 'dana.png')
    await server.db.update(images).set({ uploadedBy: null }).where(eq(images.id, photo.id))
    await server.db.update(users).set({ userImage: photo.id }).where(eq(users.id, dana.user.id))
    expect((await get(photoUrl(photo.filename), dana.cookie)).status).toBe(200)
    expect((await get(photoUrl(photo.filename), admin.cookie)).status).toBe(200)
    expect((await get(photoUrl(photo.filename), bob.cookie)).status).toBe(404)
  })
})

describe('stored names', () => {
  it('differ from the uploaded name and from each other: the uploaded name is no way to the file', async () => {
    const alice = await server.signIn()
    const bob = await server.signIn()
    const first = await uploaded(alice.cookie, 'user-image', 'Me.PNG')
    const second = await uploaded(bob.cookie, 'user-image', 'Me.PNG')
    for (const { filename } of [first, second]) {
      // Readable, with 128 random bits (32 hex digits) before the extension.
      expect(filename).toMatch(/^me-[0-9a-f]{32}\.png$/)
    }
    expect(first.filename).not.toBe(second.filename)
    // What a colleague would guess from the name on their screen finds nothing, even for the uploader.
    for (const guess of ['me.png', 'me-1.png', 'Me.PNG']) {
      expect((await get(photoUrl(guess), alice.cookie)).status, guess).toBe(404)
    }
    expect((await get(photoUrl(first.filename), alice.cookie)).status).toBe(200)
  })
})

describe('an upload under an existing image id', () => {
  it("is refused to another user (400 on the id), without the image's doc, and gives them no access", async () => {
    const alice = await server.signIn()
    const mallory = await server.signIn()
    const id = randomUUID()
    const photo = await uploaded(alice.cookie, 'user-image', 'alice.png', id)

    const claim = await upload(mallory.cookie, 'user-image', 'mine.png', id)
    expect(claim.status).toBe(400)
    expect(json(claim).errors[0]).toMatchObject({ name: 'ValidationError' })
    expect(json(claim).errors[0].data).toEqual([
      { field: 'id', message: 'This id already belongs to an image someone else uploaded; send a new id.' },
    ])
    expect(claim.body).not.toContain(photo.filename)
    expect((await get(photoUrl(photo.filename), mallory.cookie)).status).toBe(404)
    // The image is still Alice's alone, and her own retry still answers it.
    expect(await imageUploader(server.db, id)).toEqual({ kind: 'user-image', uploadedBy: alice.user.id })
    const retry = await upload(alice.cookie, 'user-image', 'alice.png', id)
    expect(retry.status).toBe(200)
    expect(json(retry).doc).toEqual(photo)
  })

  it('is refused to everyone when the image has no recorded uploader', async () => {
    const alice = await server.signIn()
    const id = randomUUID()
    await uploaded(alice.cookie, 'product-image', 'old.png', id)
    await server.db.update(images).set({ uploadedBy: null }).where(eq(images.id, id))
    const again = await upload(alice.cookie, 'product-image', 'old.png', id)
    expect(again.status).toBe(400)
    expect(json(again).errors[0].data[0].field).toBe('id')
    expect(await imageUploader(server.db, id)).toEqual({ kind: 'product-image', uploadedBy: null })
  })
})

describe('setting a photo on an account', () => {
  const patch = (cookie: string, id: string, userImage: string | null) =>
    server.request(cookie, { method: 'PATCH', url: `/api/users/${id}`, payload: { userImage } })

  it("takes only a photo its maker uploaded: never another user's, whose id they may have seen", async () => {
    const { cookie: ownerCookie, user: owner } = await server.signIn()
    const ownerPhoto = await uploaded(ownerCookie, 'user-image', 'owner.png')
    expect((await patch(ownerCookie, owner.id, ownerPhoto.id)).statusCode).toBe(200)

    const { cookie: otherCookie, user: other } = await server.signIn()
    const taken = await patch(otherCookie, other.id, ownerPhoto.id)
    expect(taken.statusCode).toBe(400)
    expect(taken.json().errors[0].data).toEqual([
      { field: 'userImage', message: 'Choose a photo you uploaded yourself.' },
    ])
    const own = await uploaded(otherCookie, 'user-image', 'mine.png')
    expect((await patch(otherCookie, other.id, own.id)).statusCode).toBe(200)

    // An Admin sets a photo they uploaded on someone else, but not a third person's.
    const { cookie: adminCookie } = await server.signIn({ role: ROLE_IDS.Admin })
    expect((await patch(adminCookie, other.id, ownerPhoto.id)).statusCode).toBe(400)
    const adminUpload = await uploaded(adminCookie, 'user-image', 'for-other.png')
    expect((await patch(adminCookie, other.id, adminUpload.id)).statusCode).toBe(200)

    // Sending back the photo already set (an unchanged profile form) is fine, whoever uploaded it.
    const echoed = await server.request(otherCookie, {
      method: 'PATCH',
      url: `/api/users/${other.id}`,
      payload: { userImage: adminUpload.id, city: 'Leeds' },
    })
    expect(echoed.statusCode, echoed.body).toBe(200)
  })

  it("an Admin creating an account cannot give it another user's photo", async () => {
    const { cookie: ownerCookie } = await server.signIn()
    const ownerPhoto = await uploaded(ownerCookie, 'user-image', 'owner.png')
    const { cookie: adminCookie } = await server.signIn({ role: ROLE_IDS.Admin })
    const created = await server.request(adminCookie, {
      method: 'POST',
      url: '/api/users',
      payload: {
        email: `new-${randomUUID()}@example.test`,
        password: 'a-good-secret-9',
        userImage: ownerPhoto.id,
      },
    })
    expect(created.statusCode).toBe(400)
    expect(created.json().errors[0].data[0].field).toBe('userImage')
  })
})
