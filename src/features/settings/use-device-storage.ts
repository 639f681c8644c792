/** How much this device holds for Outpost, and whether the browser promised to keep it (persistent storage). */
import { useCallback, useEffect, useState } from 'react'
import { askToKeepData } from '../../session/persistent-storage'

export interface DeviceStorage {
  used: number | null
  quota: number | null
  persistent: boolean | null
}

/** What the device holds, and `askToKeep`: asks the browser again, then reads the answer back (a refusal is `refused`). */
export function useDeviceStorage() {
  const [storage, setStorage] = useState<DeviceStorage | null>(null)
  const [refused, setRefused] = useState(false)
  const [asks, setAsks] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: each ask reads the storage again.
  useEffect(() => {
    let live = true
    const manager = navigator.storage
    void Promise.all([
      manager?.estimate?.().catch(() => ({}) as StorageEstimate) ?? {},
      manager?.persisted?.().catch(() => null) ?? null,
    ]).then(([estimate, persistent]) => {
      if (live)
        setStorage({
          used: estimate.usage ?? null,
          quota: estimate.quota ?? null,
          persistent: persistent ?? null,
        })
    })
    return () => {
      live = false
    }
  }, [asks])
  const askToKeep = useCallback(async () => {
    const granted = await askToKeepData()
    setRefused(granted !== true)
    setAsks((count) => count + 1)
  }, [])
  return { storage, refused, askToKeep }
}

const sizeFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 })

export function formatBytes(bytes: number) {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return `${sizeFormat.format(value)} ${units[unit]}`
}
