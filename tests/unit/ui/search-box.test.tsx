import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { SearchBox } from '../../../src/ui/search-box'

describe('the list search box', () => {
  it('searches after a pause in typing, once', async () => {
    const onSearch = vi.fn()
    render(<SearchBox value="" onSearch={onSearch} delay={50} />)
    const box = screen.getByRole('searchbox', { name: 'Search records' })
    fireEvent.change(box, { target: { value: 'ad' } })
    fireEvent.change(box, { target: { value: 'ada' } })
    expect(onSearch).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith('ada'))
    expect(onSearch).toHaveBeenCalledTimes(1)
  })

  it('searches at once on Enter, without waiting for the pause', () => {
    const onSearch = vi.fn()
    render(<SearchBox value="" onSearch={onSearch} delay={60_000} />)
    const box = screen.getByRole('searchbox', { name: 'Search records' })
    fireEvent.change(box, { target: { value: 'lovelace' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSearch).toHaveBeenCalledWith('lovelace')
  })
})
