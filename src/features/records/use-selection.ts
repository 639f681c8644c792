/**
 * The rows a list has selected, to act on many at once (bulk delete): by id, across its pages. A new
 * scope (another search, another list) starts with none selected, so a selection never holds rows the
 * person can no longer see in the list they chose them from.
 */
import { createContext, useContext, useState } from 'react'

export interface Selection {
  selected: ReadonlySet<string>
  toggle: (id: string) => void
  /** Selects (or leaves) every one of `ids`: the page's box. */
  setMany: (ids: readonly string[], on: boolean) => void
  /** Exactly these, and no others: every record matching the search. */
  replace: (ids: readonly string[]) => void
  clear: () => void
}

const none: ReadonlySet<string> = new Set()

export function useSelection(scope: string): Selection {
  const [state, setState] = useState({ scope, ids: none })
  const selected = state.scope === scope ? state.ids : none
  const update = (ids: ReadonlySet<string>) => setState({ scope, ids })
  return {
    selected,
    toggle: (id) => {
      const next = new Set(selected)
      if (!next.delete(id)) next.add(id)
      update(next)
    },
    setMany: (ids, on) => {
      const next = new Set(selected)
      for (const id of ids)
        if (on) next.add(id)
        else next.delete(id)
      update(next)
    },
    replace: (ids) => update(new Set(ids)),
    clear: () => update(none),
  }
}

/** The list's selection, for each row's box, without drawing the table's columns again. */
export const SelectionContext = createContext<Selection | null>(null)

export const useRowSelection = () => useContext(SelectionContext)
