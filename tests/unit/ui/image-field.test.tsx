import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ImageField } from '../../../src/ui/image-field'
import { prepareImage } from '../../../src/ui/prepare-image'

const png = () => new File(['png bytes'], 'pump.png', { type: 'image/png' })
const REFUSED = 'Choose a PNG, JPEG, WebP or GIF image.'

function renderField(props: Partial<Parameters<typeof ImageField>[0]> = {}) {
  const onChoose = vi.fn()
  const onRemove = vi.fn()
  render(<ImageField label="Image" src={null} onChoose={onChoose} onRemove={onRemove} {...props} />)
  return { onChoose, onRemove, fileInput: screen.getByLabelText('Image') as HTMLInputElement }
}

describe('the image field', () => {
  it('offers a file picker for the four image types while there is no image', () => {
    const { fileInput } = renderField()
    expect(fileInput.type).toBe('file')
    expect(fileInput.accept).toBe('image/png,image/jpeg,image/webp,image/gif')
    expect(screen.getByText('Select image')).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull()
  })

  it('reports a chosen image', () => {
    const { fileInput, onChoose } = renderField()
    const file = png()
    fireEvent.change(fileInput, { target: { files: [file] } })
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(file)
    expect(screen.queryByText(REFUSED)).toBeNull()
  })

  it('refuses a file that is not an image it can keep, and says why', () => {
    const { fileInput, onChoose } = renderField()
    fireEvent.change(fileInput, {
      target: { files: [new File(['%PDF'], 'brochure.pdf', { type: 'application/pdf' })] },
    })
    expect(onChoose).not.toHaveBeenCalled()
    const message = screen.getByText(REFUSED)
    expect(fileInput.getAttribute('aria-invalid')).toBe('true')
    expect(fileInput.getAttribute('aria-describedby')).toBe(message.id)

    // A good file afterwards is taken, and the refusal goes away.
    fireEvent.change(fileInput, { target: { files: [png()] } })
    expect(onChoose).toHaveBeenCalledTimes(1)
    expect(screen.queryByText(REFUSED)).toBeNull()
  })

  it('takes an image dropped on the field, and refuses a dropped non-image', () => {
    const { fileInput, onChoose } = renderField()
    const zone = fileInput.parentElement as HTMLElement
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })
    fireEvent.drop(zone, { dataTransfer: { files: [svg], types: ['Files'] } })
    expect(onChoose).not.toHaveBeenCalled()
    expect(screen.getByText(REFUSED)).toBeTruthy()
    const file = png()
    fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } })
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(file)
  })

  it('shows the image with its file name, and Remove and Change act on it', () => {
    const { fileInput, onRemove } = renderField({
      src: '/images/product_image/pump.png',
      filename: 'pump.png',
    })
    const preview = screen.getByRole('img', { name: 'Preview of the image' })
    expect(preview.getAttribute('src')).toBe('/images/product_image/pump.png')
    expect(screen.getByText('pump.png')).toBeTruthy()
    expect(screen.queryByText('Select image')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }))
    expect(onRemove).toHaveBeenCalledTimes(1)

    // Change opens the same file picker (which a sighted user no longer sees or tabs to).
    const openPicker = vi.spyOn(fileInput, 'click')
    fireEvent.click(screen.getByRole('button', { name: 'Change' }))
    expect(openPicker).toHaveBeenCalledTimes(1)
    expect(fileInput.tabIndex).toBe(-1)
  })

  it('shows the form error under the field and disables the controls while saving', () => {
    const { fileInput, onChoose } = renderField({ src: 'blob:local', busy: true, error: 'Upload failed.' })
    expect(screen.getByText('Upload failed.').id).toBe(fileInput.getAttribute('aria-describedby'))
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Change' })).toHaveProperty('disabled', true)
    expect(fileInput.disabled).toBe(true)
    fireEvent.drop(fileInput.parentElement as HTMLElement, {
      dataTransfer: { files: [png()], types: ['Files'] },
    })
    expect(onChoose).not.toHaveBeenCalled()
  })
})

describe('preparing an image', () => {
  afterEach(() => vi.unstubAllGlobals())

  /** A decoded image of the given size, as createImageBitmap answers. */
  const bitmap = (width: number, height: number) => ({ width, height, close: vi.fn() })

  it('keeps the original where the browser cannot decode images (jsdom)', async () => {
    vi.stubGlobal('createImageBitmap', undefined)
    const file = png()
    expect(await prepareImage(file)).toBe(file)
  })

  it('keeps the original when decoding fails, and a small image as it is', async () => {
    const file = png()
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn().mockRejectedValue(new DOMException('bad', 'InvalidStateError')),
    )
    expect(await prepareImage(file)).toBe(file)
    const small = bitmap(2048, 1000)
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue(small))
    expect(await prepareImage(file)).toBe(file)
    expect(small.close).toHaveBeenCalled()
  })

  it('leaves a GIF alone, so it stays animated', async () => {
    const decode = vi.fn()
    vi.stubGlobal('createImageBitmap', decode)
    const gif = new File(['GIF89a'], 'spinner.gif', { type: 'image/gif' })
    expect(await prepareImage(gif)).toBe(gif)
    expect(decode).not.toHaveBeenCalled()
  })

  it('scales a large photo down to the longest side, keeping its type and name', async () => {
    const drawn: number[][] = []
    const encoded: { type?: string; quality?: number }[] = []
    class FakeCanvas {
      constructor(
        public width: number,
        public height: number,
      ) {}
      getContext() {
        return {
          drawImage: (_image: unknown, ...box: number[]) => drawn.push(box),
          imageSmoothingQuality: 'low',
        }
      }
      async convertToBlob(options: { type?: string; quality?: number }) {
        encoded.push(options)
        return new Blob(['smaller'], { type: options.type })
      }
    }
    vi.stubGlobal('OffscreenCanvas', FakeCanvas)
    const photo = bitmap(4000, 3000)
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue(photo))

    const original = new File(['a large jpeg'], 'site.jpg', { type: 'image/jpeg' })
    const prepared = await prepareImage(original, 1000)
    expect(prepared).not.toBe(original)
    expect(prepared.name).toBe('site.jpg')
    expect(prepared.type).toBe('image/jpeg')
    expect(await prepared.text()).toBe('smaller')
    expect(drawn).toEqual([[0, 0, 1000, 750]])
    expect(encoded).toEqual([{ type: 'image/jpeg', quality: 0.9 }])
    expect(photo.close).toHaveBeenCalled()
  })

  it('keeps the original when the browser cannot write the type back', async () => {
    class PngOnlyCanvas {
      getContext() {
        return { drawImage: () => {}, imageSmoothingQuality: 'low' }
      }
      async convertToBlob() {
        return new Blob(['png'], { type: 'image/png' })
      }
    }
    vi.stubGlobal('OffscreenCanvas', PngOnlyCanvas)
    vi.stubGlobal('createImageBitmap', vi.fn().mockResolvedValue(bitmap(5000, 5000)))
    const webp = new File(['RIFF'], 'plan.webp', { type: 'image/webp' })
    expect(await prepareImage(webp)).toBe(webp)
  })
})
