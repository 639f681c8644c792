import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeAll, expect, it } from 'vitest'
import { RuntimeContext } from '../../../../src/app/runtime-context'
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

it('has nothing to show without an image', () => {
  const runtime = makeRuntime()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>
  )
  const { result } = renderHook(() => useImageSrc('industries', null), { wrapper })
  expect(result.current).toBeNull()
})
