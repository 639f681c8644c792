export function Footer() {
  return (
    <footer className="border-t border-slate-200 px-4 py-4 text-center text-xs text-slate-500 sm:px-6 lg:px-8">
      © {new Date().getFullYear()} Outpost
    </footer>
  )
}
