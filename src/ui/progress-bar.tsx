/** A long task's progress, said in words beside the bar (the bar alone tells a screen reader little). */
export function ProgressBar({ label, share }: { label: string; share: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, share)) * 100)
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between gap-3 text-sm text-slate-700">
        <span>{label}</span>
        <span className="tabular-nums">{percent} %</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
