import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PagedFooter } from '../../../src/ui/paged-footer'
import { Pagination } from '../../../src/ui/pagination'

const pageNumbers = () =>
  screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => Number(button.textContent))

describe('pagination', () => {
  it('shows at most five page numbers around the current page', () => {
    render(<Pagination page={6} pageCount={12} onPageChange={() => {}} />)
    expect(pageNumbers()).toEqual([4, 5, 6, 7, 8])
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page')
  })

  it('keeps five numbers at the ends, and fewer when there are fewer pages', () => {
    const { rerender } = render(<Pagination page={1} pageCount={12} onPageChange={() => {}} />)
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5])
    rerender(<Pagination page={12} pageCount={12} onPageChange={() => {}} />)
    expect(pageNumbers()).toEqual([8, 9, 10, 11, 12])
    rerender(<Pagination page={2} pageCount={3} onPageChange={() => {}} />)
    expect(pageNumbers()).toEqual([1, 2, 3])
  })

  it('disables Previous on the first page and Next on the last', () => {
    const onPageChange = vi.fn()
    const { rerender } = render(<Pagination page={1} pageCount={3} onPageChange={onPageChange} />)
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false)
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(onPageChange).toHaveBeenLastCalledWith(2)

    rerender(<Pagination page={3} pageCount={3} onPageChange={onPageChange} />)
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
    expect(onPageChange).toHaveBeenLastCalledWith(2)
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }))
    expect(onPageChange).toHaveBeenLastCalledWith(1)
  })

  it('says which entries are shown', () => {
    const { rerender } = render(<PagedFooter page={3} perPage={10} total={27} onPageChange={() => {}} />)
    expect(screen.getByText('Showing 21 to 27 of 27 entries')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true)
    rerender(<PagedFooter page={1} perPage={25} total={27} onPageChange={() => {}} />)
    expect(screen.getByText('Showing 1 to 25 of 27 entries')).toBeTruthy()
    expect(pageNumbers()).toEqual([1, 2])
  })
})
