/**
 * The file an import reads: chosen, read in a worker (sheet-worker.ts) with its progress, then its rows
 * or why it cannot be imported. Where the worker cannot start, the page reads it itself: slower to
 * paint meanwhile, never refused.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { fileProblem, readSheetFile, type SheetRead } from './sheet-read'
import type { SheetWorkerMessage } from './sheet-worker'

export type SheetFile =
  | { step: 'none' }
  | { step: 'reading'; name: string; progress: number }
  | { step: 'refused'; message: string }
  | { step: 'read'; name: string; headers: string[]; rows: string[][]; fileHash: string }

export function useSheetFile() {
  const [file, setFile] = useState<SheetFile>({ step: 'none' })
  const worker = useRef<Worker | null>(null)
  /** The file being read: an answer about one chosen before it is dropped. */
  const current = useRef<File | null>(null)
  useEffect(() => () => worker.current?.terminate(), [])

  const choose = useCallback((chosen: File) => {
    worker.current?.terminate()
    worker.current = null
    current.current = chosen
    const problem = fileProblem(chosen)
    if (problem) {
      setFile({ step: 'refused', message: problem })
      return
    }
    const progress = (share: number) => {
      if (current.current === chosen) setFile({ step: 'reading', name: chosen.name, progress: share })
    }
    const done = (read: SheetRead) => {
      if (current.current !== chosen) return
      setFile(
        read.ok ? { step: 'read', name: chosen.name, ...read } : { step: 'refused', message: read.message },
      )
    }
    const readHere = () => void readSheetFile(chosen, progress).then(done)
    progress(0)
    let started: Worker
    try {
      started = new Worker(new URL('./sheet-worker.ts', import.meta.url), { type: 'module' })
    } catch {
      readHere()
      return
    }
    worker.current = started
    started.onmessage = (event: MessageEvent<SheetWorkerMessage>) => {
      if ('progress' in event.data) progress(event.data.progress)
      else {
        done(event.data.read)
        started.terminate()
      }
    }
    started.onerror = () => {
      started.terminate()
      readHere()
    }
    started.postMessage({ file: chosen })
  }, [])

  const clear = useCallback(() => {
    worker.current?.terminate()
    current.current = null
    setFile({ step: 'none' })
  }, [])

  return { file, choose, clear }
}
