/** The top bar's chat link, and the words of its Log out question. */
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChatLink } from '../../../../src/app/layout/chat-link'
import { unsyncedText } from '../../../../src/features/lock/log-out-question'

describe('top bar', () => {
  it('links to the chat workspace only when one is configured', () => {
    const { container, rerender } = render(<ChatLink configured={undefined} />)
    expect(container.innerHTML).toBe('')
    rerender(<ChatLink configured="javascript:alert(1)" />)
    expect(container.innerHTML).toBe('')
    rerender(<ChatLink configured="https://team.slack.com/" />)
    const link = screen.getByRole('link', { name: 'Chat' })
    expect(link.getAttribute('href')).toBe('https://team.slack.com/')
    expect(link.getAttribute('rel')).toContain('noopener')
  })

  it('agrees counts and pronouns when asking before logging out', () => {
    expect(unsyncedText(1)).toBe(
      'You have 1 change that is not synced yet. If you log out now it stays on this device and is sent the next time you sign in.',
    )
    expect(unsyncedText(3)).toContain('3 changes that are not synced yet. If you log out now they stay')
  })
})
