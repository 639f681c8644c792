/** Shown while a screen's code loads, if that takes longer than 200 ms. */
export function PendingPage() {
  return (
    <div role="status" className="flex min-h-40 items-center justify-center gap-2 text-sm text-slate-500">
      <span
        className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand"
        aria-hidden="true"
      />
      Loading…
    </div>
  )
}
