import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Combobox, type ComboboxOption, type ComboboxProps } from '../../../src/ui/combobox'

const acme: ComboboxOption = { id: 'c1', label: 'Acme Corp', detail: 'acme.example' }
const soren: ComboboxOption = { id: 'c2', label: 'Søren Shipping' }
const globex: ComboboxOption = { id: 'c3', label: 'Globex' }
const companies = [acme, soren, globex]

function renderCombobox(props: Partial<ComboboxProps> = {}) {
  const handlers = { onSearch: vi.fn(), onSelect: vi.fn(), onCreate: vi.fn() }
  const view = render(<Combobox label="Company" value={null} options={companies} {...handlers} {...props} />)
  const box = screen.getByRole('combobox', { name: 'Company' }) as HTMLInputElement
  return { ...handlers, ...view, box }
}

/** The option the input points at, checked to be the one marked selected. */
function activeOption(box: HTMLElement) {
  const id = box.getAttribute('aria-activedescendant')
  if (!id) return null
  const option = document.getElementById(id)
  expect(option?.getAttribute('role')).toBe('option')
  expect(option?.getAttribute('aria-selected')).toBe('true')
  return option?.textContent
}

describe('the combobox', () => {
  it('reports every change of the typed text and opens its popup', () => {
    const { box, onSearch } = renderCombobox()
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('listbox')).toBeNull()
    fireEvent.change(box, { target: { value: 'a' } })
    fireEvent.change(box, { target: { value: 'ac' } })
    expect(onSearch.mock.calls).toEqual([['a'], ['ac']])
    expect(box.value).toBe('ac')
    const listbox = screen.getByRole('listbox')
    expect(box.getAttribute('aria-expanded')).toBe('true')
    expect(box.getAttribute('aria-controls')).toBe(listbox.id)
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Acme Corpacme.example', 'Søren Shipping', 'Globex'])
    // The detail sits under the label, in its own smaller line.
    expect(within(listbox).getByText('acme.example').className).toContain('text-xs')
  })

  it('moves through the options with the arrow keys, Home and End, and picks with Enter', () => {
    const { box, onSelect } = renderCombobox()
    fireEvent.change(box, { target: { value: 'o' } })
    expect(box.getAttribute('aria-activedescendant')).toBeNull()
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(activeOption(box)).toBe('Acme Corpacme.example')
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(activeOption(box)).toBe('Søren Shipping')
    expect(screen.getAllByRole('option')[0]?.getAttribute('aria-selected')).toBe('false')
    fireEvent.keyDown(box, { key: 'End' })
    expect(activeOption(box)).toBe('Globex')
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(activeOption(box)).toBe('Acme Corpacme.example')
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    expect(activeOption(box)).toBe('Globex')
    fireEvent.keyDown(box, { key: 'Home' })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(activeOption(box)).toBe('Søren Shipping')

    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(soren)
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(box.getAttribute('aria-activedescendant')).toBeNull()
  })

  it('picks with Enter without submitting the form around it', () => {
    const { box, onSelect } = renderCombobox()
    fireEvent.change(box, { target: { value: 'g' } })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    // Enter's default in a form's text input is to submit it; fireEvent answers false when it was prevented.
    expect(fireEvent.keyDown(box, { key: 'Enter' })).toBe(false)
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(acme)
    // Closed, Enter is the form's again.
    expect(fireEvent.keyDown(box, { key: 'Enter' })).toBe(true)
  })

  it('offers the create option last and hands it the typed text', () => {
    const { box, onCreate, onSelect } = renderCombobox({ createLabel: 'Add New Company' })
    fireEvent.change(box, { target: { value: 'Initech' } })
    const options = screen.getAllByRole('option')
    expect(options.at(-1)?.textContent).toBe('Add New Company')
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    expect(activeOption(box)).toBe('Add New Company')
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onCreate).toHaveBeenCalledExactlyOnceWith('Initech')
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('says when nothing matches, and still offers to create', () => {
    const { box, onCreate } = renderCombobox({
      options: [],
      emptyText: 'No companies match',
      createLabel: 'Add New Company',
    })
    fireEvent.change(box, { target: { value: 'zz' } })
    expect(screen.getByText('No companies match')).toBeTruthy()
    fireEvent.click(screen.getByRole('option', { name: 'Add New Company' }))
    expect(onCreate).toHaveBeenCalledExactlyOnceWith('zz')
  })

  it('closes on Escape, and a second Escape gives back the current value', () => {
    const { box, onSelect } = renderCombobox({ value: acme })
    expect(box.value).toBe('Acme Corp')
    fireEvent.change(box, { target: { value: 'glo' } })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(box.getAttribute('aria-activedescendant')).toBeNull()
    expect(box.value).toBe('glo')
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(box.value).toBe('Acme Corp')
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('leaves on Tab or blur without changing the choice', () => {
    const { box, onSelect } = renderCombobox({ value: acme })
    fireEvent.change(box, { target: { value: 'glo' } })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    fireEvent.keyDown(box, { key: 'Tab' })
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(box.value).toBe('Acme Corp')
    fireEvent.change(box, { target: { value: 'so' } })
    fireEvent.blur(box)
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(box.value).toBe('Acme Corp')
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('picks an option clicked, without the input losing focus on the way', () => {
    const { box, onSelect } = renderCombobox()
    box.focus()
    fireEvent.change(box, { target: { value: 'x' } })
    const option = screen.getByRole('option', { name: 'Globex' })
    // Prevented, so the input keeps focus and its blur does not close the popup before the click.
    expect(fireEvent.mouseDown(option)).toBe(false)
    fireEvent.click(option)
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(globex)
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('opens on ArrowDown before any typing and asks for everything', () => {
    const { box, onSearch } = renderCombobox({ value: acme })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('')
    expect(screen.getByRole('listbox')).toBeTruthy()
    expect(activeOption(box)).toBe('Acme Corpacme.example')
    expect(box.value).toBe('Acme Corp')
  })

  it('marks the typed words in the labels, ignoring case and accents', () => {
    // The last label is written decomposed: 'e' and a combining acute accent.
    const decomposed = 'Jose\u0301 Ølstue'
    const { box } = renderCombobox({
      options: [soren, { id: 'c4', label: 'Café Müller' }, { id: 'c5', label: decomposed }],
    })
    const marked = () =>
      screen
        .getAllByRole('option')
        .map((option) => [...option.querySelectorAll('mark')].map((mark) => mark.textContent))

    fireEvent.change(box, { target: { value: 'soren' } })
    expect(marked()).toEqual([['Søren'], [], []])
    expect(screen.getAllByRole('option')[0]?.textContent).toBe('Søren Shipping')

    fireEvent.change(box, { target: { value: 'CAFE muller josé olst' } })
    // Whole characters are marked, the accent with its letter, and every label reads as written.
    expect(marked()).toEqual([[], ['Café', 'Müller'], ['Jose\u0301', 'Ølst']])
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Søren Shipping',
      'Café Müller',
      decomposed,
    ])
  })

  it('clears the choice with its clear button, unless it is not clearable', () => {
    const { box, onSelect, rerender } = renderCombobox({ value: acme, name: 'company' })
    const hidden = document.querySelector<HTMLInputElement>('input[name="company"]')
    expect(hidden?.value).toBe('c1')
    fireEvent.click(screen.getByRole('button', { name: 'Clear company' }))
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(null)
    expect(document.activeElement).toBe(box)

    rerender(
      <Combobox
        label="Company"
        value={acme}
        options={companies}
        onSearch={() => {}}
        onSelect={onSelect}
        clearable={false}
      />,
    )
    expect(screen.queryByRole('button', { name: 'Clear company' })).toBeNull()
  })

  it('shows its error and ties it to the input', () => {
    const { box } = renderCombobox({ error: 'This field is required.' })
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('This field is required.').id).toBe(box.getAttribute('aria-describedby'))
  })
})
