/**
 * "← Back to the list" above a form. Its name avoids the entity's word, so a
 * search for the sidebar's "Contacts" link finds only that one.
 */
import { Link, type LinkProps } from '@tanstack/react-router'

export function BackLink({ to, children = 'Back to the list' }: { to: LinkProps['to']; children?: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-900 pointer-coarse:min-h-11"
    >
      <span aria-hidden="true">←</span>
      {children}
    </Link>
  )
}
