/**
 * The sidebar's "Install app": the browser's own dialog where it has one
 * (Chromium), and on Safari, which has none, a short explanation of how to add
 * Outpost to the Home Screen (or the Dock) and why it keeps the records safe.
 */
import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import type { SidebarTheme } from '../../features/settings'
import { cx } from '../../ui/cx'
import { DownloadIcon } from '../../ui/icons'
import { button } from '../../ui/styles'
import { type InstallWay, install, useInstallWay } from '../install-prompt'

const steps: Record<'home-screen' | 'dock', string> = {
  'home-screen':
    'In Safari, tap Share (the square with an arrow), then Add to Home Screen, then Add. From then on, open Outpost from its icon on the Home Screen.',
  dock: 'In Safari, choose File, then Add to Dock, then Add. From then on, open Outpost from its icon in the Dock.',
}

function InstallHelp({ way, onClose }: { way: 'home-screen' | 'dock'; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl ring-1 ring-slate-900/5">
          <Dialog.Title className="text-base font-semibold text-slate-900">Install Outpost</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-relaxed text-slate-600">
            {steps[way]}
          </Dialog.Description>
          <p className="mt-3 text-sm leading-relaxed text-slate-600">
            Why: Safari deletes what a website keeps on this device once it has not been opened for seven
            days, changes not yet sent included. Installed, Outpost keeps its records here.
          </p>
          <div className="mt-6 flex justify-end">
            <Dialog.Close className={button.primary}>Got it</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

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
      {helping && way !== 'prompt' && <InstallHelp way={way} onClose={() => setHelping(false)} />}
    </div>
  )
}
