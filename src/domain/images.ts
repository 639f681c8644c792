/**
 * Uploaded images: where each kind is uploaded and served from,
 * and the reference a record holds.
 */
export interface ImageRef {
  id: string
  filename: string
}

export interface ImageDoc extends ImageRef {
  mimeType: string
  filesize: number
  width: number
  height: number
}

/** Upload route (POST /api/{route}) → folder under /images/ it is served from. */
export const IMAGE_KINDS = {
  'product-image': 'product_image',
  'industry-image': 'industry_image',
  'service-image': 'service_image',
  'user-image': 'user_image',
} as const

export type ImageKind = keyof typeof IMAGE_KINDS

export const imageUrl = (kind: ImageKind, filename: string) =>
  `/images/${IMAGE_KINDS[kind]}/${encodeURIComponent(filename)}`
