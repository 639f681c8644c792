/** Any path the app does not know. */
import { Link } from '@tanstack/react-router'
import { button } from '../../ui/styles'

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-slate-50 px-6 text-center">
      <p className="text-5xl font-semibold tracking-tight text-brand">404</p>
      <h1 className="text-lg font-medium text-slate-900">Oops! It seems that this page does not exist.</h1>
      <Link to="/" className={button.primary}>
        Back to home
      </Link>
    </main>
  )
}
