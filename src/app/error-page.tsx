/**
 * What a screen shows if it throws while rendering (a bug, or a chunk that
 * cannot load offline after an update): the product's generic words and a way out.
 */
import { messages } from '../domain/errors'
import { button } from '../ui/styles'

export function ErrorPage({ error }: { error: unknown }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{messages.generic}</h1>
      <p className="text-sm text-slate-500">{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" className={button.primary} onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  )
}
