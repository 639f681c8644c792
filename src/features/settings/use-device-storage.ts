/** How much this device holds for Outpost, and whether the browser promised to keep it (persistent storage). */
import { useEffect, useState } from 'react'

export interface DeviceStorage {
  used: number | null
  quota: number | null
  persistent: boolean | null
}

export function useDeviceStorage(): DeviceStorage | null {
  const [storage, setStorage] = useState<DeviceStorage | null>(null)
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
  }, [])
  return storage
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
