/**
 * The sidebar's "Install app": the browser's own dialog where it has one
 * (Chromium), and on Safari, which has none, a short explanation of how to add
 * Outpost to the Home Screen (or the Dock) and why it keeps the records safe.
 */
import { lazy, Suspense, useState } from 'react'
import type { SidebarTheme } from '../../features/settings'
import { cx } from '../../ui/cx'
import { DownloadIcon } from '../../ui/icons'
import { type InstallWay, install, useInstallWay } from '../install-prompt'

// The explanation is read once, if ever: it is not part of every signed-in screen's first download.
const InstallHelp = lazy(() => import('./install-help').then((module) => ({ default: module.InstallHelp })))

export function InstallAction({ theme }: { theme: SidebarTheme }) {
  const way: InstallWay = useInstallWay()
  const [helping, setHelping] = useState(false)
  if (!way) return null
  return (
    <div className={cx('border-t p-3', theme.divider)}>
      <button
        type="button"
        onClick={() => (way === 'prompt' ? void install() : setHelping(true))}
        className={cx(
          'flex h-9 pointer-coarse:h-11 w-full items-center gap-3 rounded-md px-3 text-sm font-medium',
          theme.idle,
        )}
      >
        <DownloadIcon />
        Install app
      </button>
      {helping && way !== 'prompt' && (
        <Suspense fallback={null}>
          <InstallHelp way={way} onClose={() => setHelping(false)} />
        </Suspense>
      )}
    </div>
  )
}
