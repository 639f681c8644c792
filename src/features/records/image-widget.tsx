/**
 * An image field in a form: the record's image (this device's copy while it
 * has one, else the server's file) or a file just chosen, scaled down on the
 * device first so that offline storage and the upload stay small.
 */
import { useEffect, useMemo } from 'react'
import type { CollectionName } from '../../domain/collections'
import { ImageField } from '../../ui/image-field'
import { prepareImage } from '../../ui/prepare-image'
import { type ImageValue, isChosenFile } from './field-values'
import type { ScreenField } from './screens'
import { useImageSrc } from './use-image-src'

/** Longest side of an image kept and uploaded: plenty for a catalog picture, a fraction of a photo's bytes. */
const MAX_IMAGE_SIDE = 1600

interface ImageWidgetProps {
  collection: CollectionName
  field: ScreenField
  value: ImageValue
  error?: string
  busy: boolean
  onChange: (value: ImageValue) => void
}

export function ImageWidget({ collection, field, value, error, busy, onChange }: ImageWidgetProps) {
  const chosen = isChosenFile(value) ? value.file : null
  const stored = isChosenFile(value) ? null : value
  const storedSrc = useImageSrc(collection, stored)
  const chosenSrc = useMemo(() => (chosen ? URL.createObjectURL(chosen) : null), [chosen])
  useEffect(() => () => void (chosenSrc && URL.revokeObjectURL(chosenSrc)), [chosenSrc])

  return (
    <ImageField
      label={field.label}
      src={chosenSrc ?? storedSrc}
      filename={chosen?.name ?? stored?.filename}
      busy={busy}
      error={error}
      onChoose={(file) =>
        void prepareImage(file, MAX_IMAGE_SIDE).then((prepared) => onChange({ file: prepared }))
      }
      onRemove={() => onChange(null)}
    />
  )
}
