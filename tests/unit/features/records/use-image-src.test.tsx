import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeAll, expect, it } from 'vitest'
import { RuntimeContext } from '../../../../src/app/runtime-context'
import { attachImage } from '../../../../src/db/image-writes'
import { useImageSrc } from '../../../../src/features/records/use-image-src'
import { makeRuntime } from '../../helpers'

beforeAll(() => {
  // jsdom has no object URLs; the browser gives blob: URLs.
  URL.createObjectURL = () => 'blob:local-copy'
  URL.revokeObjectURL = () => {}
})

it('shows an image from this device until it exists only on the server', async () => {
  const runtime = makeRuntime()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>
  )
  await runtime.db.images.add({
    id: 'img-1',
    kind: 'product-image',
    blob: new Blob(['x'], { type: 'image/png' }),
    filename: 'pump.png',
    mimeType: 'image/png',
    createdAt: 0,
  })
  const { result } = renderHook(() => useImageSrc('products', { id: 'img-1', filename: 'pump.png' }), {
    wrapper,
  })
  await waitFor(() => expect(result.current).toBe('blob:local-copy'))
  await runtime.db.images.delete('img-1')
  await waitFor(() => expect(result.current).toBe('/images/product_image/pump.png'))
})

it('never asks the server for a name chosen on this device when the image changes', async () => {
  const runtime = makeRuntime()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>
  )
  // A new image just chosen: kept here under the device's name until the server answers with its own.
  await runtime.db.images.add({
    id: 'img-new',
    kind: 'product-image',
    blob: new Blob(['x'], { type: 'image/png' }),
    filename: 'local-name.png',
    mimeType: 'image/png',
    createdAt: 0,
  })
  const shown: (string | null)[] = []
  const { result, rerender } = renderHook(
    ({ image }) => {
      const src = useImageSrc('products', image)
      shown.push(src)
      return src
    },
    { wrapper, initialProps: { image: { id: 'img-old', filename: 'old-Zq3.png' } } },
  )
  await waitFor(() => expect(result.current).toBe('/images/product_image/old-Zq3.png'))
  rerender({ image: { id: 'img-new', filename: 'local-name.png' } })
  await waitFor(() => expect(result.current).toBe('blob:local-copy'))
  expect(shown.filter((src) => src?.includes('local-name'))).toEqual([])
})

it('asks the server for nothing while the upload waits, even with its bytes gone from this device', async () => {
  const runtime = makeRuntime()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>
  )
  await runtime.db.products.put({ id: 'p1', name: 'Pump', version: 2, productImage: null } as never)
  const writes = { db: runtime.db, userId: runtime.user.id }
  const id = await attachImage(writes, 'products', 'p1', new Blob(['x'], { type: 'image/png' }), 'pump.png')
  // Storage cleared under us: the upload can never be sent, and the record still holds the device's name.
  await runtime.db.images.delete(id)
  const image = (await runtime.db.products.get('p1'))?.productImage as { id: string; filename: string }
  expect(image).toEqual({ id, filename: 'pump.png' })
  const shown: (string | null)[] = []
  const { result, rerender } = renderHook(
    ({ ref }) => {
      const src = useImageSrc('products', ref)
      shown.push(src)
      return src
    },
    { wrapper, initialProps: { ref: image } },
  )
  // The lookup has answered (the hook rendered again) and still shows nothing.
  await waitFor(() => expect(shown.length).toBeGreaterThan(1))
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(shown.filter((src) => src !== null)).toEqual([])

  // Had the upload landed, the server's name would replace the device's (sync/settle.ts): that one is asked for.
  await runtime.db.outbox.clear()
  rerender({ ref: { id, filename: 'pump-Zq3.png' } })
  await waitFor(() => expect(result.current).toBe('/images/product_image/pump-Zq3.png'))
  expect(shown.filter((src) => src?.includes('/pump.png'))).toEqual([])
})

it('has nothing to show without an image', () => {
  const runtime = makeRuntime()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>
  )
  const { result } = renderHook(() => useImageSrc('industries', null), { wrapper })
  expect(result.current).toBeNull()
})
