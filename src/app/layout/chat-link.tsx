/**
 * The top bar's link to the team's chat workspace (Slack, Teams…). Its address
 * comes from configuration (VITE_CHAT_URL when the app is built); with none
 * set, or one that is not a web address, there is no link at all.
 */
import { ChatIcon } from '../../ui/icons'
import { topBarLink } from './top-bar-link'

function chatUrl(configured: string | undefined) {
  if (!configured) return null
  try {
    const url = new URL(configured)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

export function ChatLink({ configured = import.meta.env.VITE_CHAT_URL }: { configured?: string }) {
  const href = chatUrl(configured)
  if (!href) return null
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={topBarLink}>
      <ChatIcon />
      <span className="max-lg:sr-only">Chat</span>
    </a>
  )
}
