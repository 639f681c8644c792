/**
 * Where to show a record's image from: this device's copy while it exists (an
 * image chosen offline and not yet uploaded, or kept since), else the server's
 * file under /images (cached by the service worker once seen).
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo } from 'react'
import { type MirroredName, mirrored } from '../../domain/collections'
import { type ImageRef, imageUrl } from '../../domain/images'
import { useRuntime } from './runtime-context'

export function useImageSrc(collection: MirroredName, ref: ImageRef | null | undefined): string | null {
  const { db } = useRuntime()
  const kind = mirrored[collection].image?.kind
  const local = useLiveQuery(
    async () => (ref ? ((await db.images.get(ref.id)) ?? null) : null),
    [db, ref?.id],
  )
  const objectUrl = useMemo(() => (local ? URL.createObjectURL(local.blob) : null), [local])
  useEffect(() => () => void (objectUrl && URL.revokeObjectURL(objectUrl)), [objectUrl])
  if (!ref || !kind) return null
  if (objectUrl) return objectUrl
  // Until the local lookup answers, do not ask the network for a file that may not be there yet.
  return local === undefined ? null : imageUrl(kind, ref.filename)
}
