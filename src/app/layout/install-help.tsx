/**
 * How to install Outpost where the browser has no install prompt of its own
 * (Safari: Add to Home Screen, or Add to Dock on a Mac), and why it keeps the
 * records safe there. Loaded only when asked for.
 */
import * as Dialog from '@radix-ui/react-dialog'
import { button } from '../../ui/styles'

const steps: Record<'home-screen' | 'dock', string> = {
  'home-screen':
    'In Safari, tap Share (the square with an arrow), then Add to Home Screen, then Add. From then on, open Outpost from its icon on the Home Screen.',
  dock: 'In Safari, choose File, then Add to Dock, then Add. From then on, open Outpost from its icon in the Dock.',
}

export function InstallHelp({ way, onClose }: { way: 'home-screen' | 'dock'; onClose: () => void }) {
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
