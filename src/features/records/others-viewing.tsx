/** "Grace Hopper is also viewing this contact.": who else has the record open, and nothing more. */
import { listed } from './history-lines'

export function OthersViewing({ names, label }: { names: readonly string[]; label: string }) {
  if (!names.length) return null
  return (
    <p role="status" className="text-sm wrap-anywhere text-slate-600">
      {listed([...names])} {names.length === 1 ? 'is' : 'are'} also viewing this {label}.
    </p>
  )
}
