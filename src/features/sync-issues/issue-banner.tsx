/**
 * The danger notice of a change the server did not take as it was (a conflict,
 * a refusal): the problem as its title, what happened under it, and a row of
 * buttons that deal with it, every one held while an action is under way.
 */
import type { ReactNode } from 'react'
import type { OutboxOp } from '../../db/outbox-types'
import { Banner } from '../../ui/banner'
import { button } from '../../ui/styles'
import { problemTitle } from './issue-text'

export interface IssueAction {
  label: string
  look: 'primary' | 'secondary' | 'danger'
  onClick: () => void
}

interface IssueBannerProps {
  op: OutboxOp
  live: boolean
  busy: boolean
  actions: IssueAction[]
  children: ReactNode
}

export function IssueBanner({ op, live, busy, actions, children }: IssueBannerProps) {
  return (
    <Banner
      tone="danger"
      live={live}
      title={problemTitle(op)}
      actions={actions.map((action) => (
        <button
          key={action.label}
          type="button"
          disabled={busy}
          className={button[action.look]}
          onClick={action.onClick}
        >
          {action.label}
        </button>
      ))}
    >
      {children}
    </Banner>
  )
}
