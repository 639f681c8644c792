/**
 * fflate as the workbook reader (read-excel-file) gets it: the same library, but its `unzip` inflates
 * every entry on the calling thread. fflate's own inflates an entry over 512 KB (a sheet of a few
 * thousand rows) in a Worker made from a `blob:` URL, which the app's Content-Security-Policy
 * (`worker-src 'self'`) refuses; and the reader already runs in a worker of its own (sheet-worker.ts),
 * so the page loses no frames to it. vite.config.ts points the bare `fflate` import here.
 */
import { type AsyncUnzipOptions, type UnzipCallback, unzipSync } from 'fflate/browser'

export * from 'fflate/browser'

/** fflate's `unzip`, answered on the next microtask as fflate's is, with nothing left to terminate. */
export function unzip(data: Uint8Array, opts: AsyncUnzipOptions | UnzipCallback, cb?: UnzipCallback) {
  const options = typeof opts === 'function' ? {} : opts
  const done = (typeof opts === 'function' ? opts : cb) as UnzipCallback
  queueMicrotask(() => {
    let files: ReturnType<typeof unzipSync>
    try {
      files = unzipSync(data, options)
    } catch (error) {
      done(error as Parameters<UnzipCallback>[0], null as unknown as Parameters<UnzipCallback>[1])
      return
    }
    done(null, files)
  })
  return () => undefined
}
