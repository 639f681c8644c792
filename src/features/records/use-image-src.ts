/**
 * Where to show a record's image from: this device's copy while it exists (an
 * image chosen offline and not yet uploaded, or kept since), else the server's
 * file under /images (cached by the service worker once seen). The server's
 * URL is built only from a name the server gave (its upload answer, or a
 * record it sent): a name chosen on this device is no file there. While the
 * image's upload is still queued its name is the device's, so with its bytes
 * gone (storage cleared under us) there is nothing to show, not a request.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { type MirroredName, mirrored } from '../../domain/collections'
import { type ImageRef, imageUrl } from '../../domain/images'

export function useImageSrc(collection: MirroredName, ref: ImageRef | null | undefined): string | null {
  const { db } = useRuntime()
  const kind = mirrored[collection].image?.kind
  const id = ref?.id
  // The lookup names the id it answers for: when the image changes, the hook still holds the
  // previous image's answer until the new one comes, and that answer says nothing about this image.
  const lookup = useLiveQuery(
    async () =>
      id
        ? {
            id,
            local: (await db.images.get(id)) ?? null,
            queued: (await db.outbox.where('[collection+recordId]').equals([collection, id]).count()) > 0,
          }
        : null,
    [db, collection, id],
  )
  const answered = lookup && lookup.id === id ? lookup : undefined
  const local = answered?.local
  const objectUrl = useMemo(() => (local ? URL.createObjectURL(local.blob) : null), [local])
  useEffect(() => () => void (objectUrl && URL.revokeObjectURL(objectUrl)), [objectUrl])
  if (!ref || !kind) return null
  if (objectUrl) return objectUrl
  // Until this image's local lookup answers, do not ask the network for a file that may not be there yet.
  return !answered || answered.queued ? null : imageUrl(kind, ref.filename)
}
