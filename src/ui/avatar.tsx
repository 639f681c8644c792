/** A person's photo in a circle, or their initials when there is no photo or it does not load (offline, say). */
import { useState } from 'react'
import { cx } from './cx'

export function Avatar({
  src,
  initials,
  className,
}: {
  src: string | null
  initials: string
  className?: string
}) {
  const [failed, setFailed] = useState<string | null>(null)
  if (src && failed !== src)
    return (
      <img
        src={src}
        alt=""
        onError={() => setFailed(src)}
        className={cx('shrink-0 rounded-full object-cover', className)}
      />
    )
  return (
    <span
      aria-hidden="true"
      className={cx(
        'flex shrink-0 items-center justify-center rounded-full bg-brand font-semibold text-white',
        className,
      )}
    >
      {initials}
    </span>
  )
}
