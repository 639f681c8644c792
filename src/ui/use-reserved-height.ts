/**
 * The height a block had when last shown, kept in local storage, so the next
 * time it opens the space is held while its content is still being read:
 * rows arriving then fill the space instead of pushing the footer down (a
 * layout shift). A list reopens on the page, page size and search it was left
 * on, so the height it had then is what it is about to have.
 *
 * Heights are kept per layout width (phone, tablet, desktop: the breakpoints
 * at which the data table's rows change shape) and pointer (a finger's
 * targets are taller), since a row's height depends on both.
 */
import { useEffect, useState } from 'react'

/**
 * The data table's breakpoints (Tailwind's sm and lg), and whether the pointer
 * is a finger: the styles grow every target for a coarse pointer, rows too.
 */
const layoutWidth = () => {
  const width = typeof window === 'undefined' ? 0 : window.innerWidth
  const size = width >= 1024 ? 'wide' : width >= 640 ? 'medium' : 'narrow'
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches ? `${size}, touch` : size
}

const storageKey = (key: string) => `reservedHeight.${key}`

function readHeights(key: string): Record<string, number> {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(key)) ?? '{}') as unknown
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {}
  } catch {
    return {}
  }
}

/**
 * `ref` goes on the block; `minHeight` is what to hold while `shown` is
 * false (undefined when nothing is known, or once shown). While shown, the
 * block's height is measured and stored for the next time.
 */
export function useReservedHeight(key: string, shown: boolean) {
  const [reserved] = useState(() => {
    const height = readHeights(key)[layoutWidth()]
    return typeof height === 'number' && height > 0 ? height : undefined
  })
  // A callback ref (the state setter): the block is measured from the render that mounts it.
  const [target, ref] = useState<HTMLElement | null>(null)

  useEffect(() => {
    if (!shown || !target || typeof ResizeObserver === 'undefined') return
    let last = 0
    const observer = new ResizeObserver(() => {
      const height = Math.round(target.getBoundingClientRect().height)
      if (height === last || height === 0) return
      last = height
      try {
        localStorage.setItem(
          storageKey(key),
          JSON.stringify({ ...readHeights(key), [layoutWidth()]: height }),
        )
      } catch {
        // Storage full or refused: the next visit simply holds no space.
      }
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [key, shown, target])

  return { ref, minHeight: shown ? undefined : reserved }
}
