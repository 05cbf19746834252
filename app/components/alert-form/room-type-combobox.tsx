import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
} from '@headlessui/react'
import { useState } from 'react'
import type { RoomTypeJson } from '~/models/catalogue.server'

/**
 * RoomTypePicker's searchable multi-select with removable chips, loaded when it is shown. What it
 * shares with the forms comes in its props, not imports: a page's module that this lazy one
 * imported would split off into a chunk of its own, a request and some bytes more on every form
 * page (decision 0017; about 0.8 kB on /alerts/hotels).
 */
export default function RoomTypeCombobox({
  rooms,
  selectedIds,
  onChange,
  at,
  detailOf,
  inputClassName,
}: {
  /** The resort's name, where a form has pickers for several resorts. */
  at?: string
  rooms: readonly RoomTypeJson[]
  selectedIds: readonly string[]
  onChange: (ids: string[]) => void
  /** What an option says under the room's name (`roomDetail`). */
  detailOf: (room: RoomTypeJson) => string
  /** The forms' text field look (`inputClass`). */
  inputClassName: string
}) {
  const [query, setQuery] = useState('')
  const selected = rooms.filter((room) => selectedIds.includes(room.id))
  const needle = query.trim().toLowerCase()
  const options = needle ? rooms.filter((room) => room.name.toLowerCase().includes(needle)) : rooms
  const where = at ? ` at ${at}` : ''

  return (
    <>
      <Combobox
        multiple
        value={selected}
        by="id"
        onChange={(rooms: RoomTypeJson[]) => onChange(rooms.map((room) => room.id))}
        onClose={() => setQuery('')}
      >
        <div className="relative">
          <ComboboxInput
            aria-label={`Room Types${where}`}
            className={inputClassName}
            placeholder={
              selected.length ? `${selected.length} selected, add more…` : 'Choose room types'
            }
            onChange={(event) => setQuery(event.currentTarget.value)}
            displayValue={() => query}
          />
          <ComboboxButton
            className="absolute inset-y-0 right-0 px-3 text-slate-500"
            aria-label={`Show room types${where}`}
          >
            ▾
          </ComboboxButton>
          <ComboboxOptions
            anchor="bottom start"
            className="z-40 max-h-[400px] w-[var(--input-width)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-xl empty:invisible"
          >
            {options.length === 0 ? (
              <p className="px-3 py-2 text-sm text-slate-500">No room types match</p>
            ) : (
              options.map((room) => (
                <ComboboxOption
                  key={room.id}
                  value={room}
                  className="data-[focus]:bg-brand-50 flex cursor-pointer items-start gap-3 rounded-md px-3 py-2"
                >
                  {({ selected: isSelected }) => (
                    <>
                      <span aria-hidden="true" className="text-brand-700 mt-0.5 w-4">
                        {isSelected ? '✓' : ''}
                      </span>
                      <span>
                        <span className="block font-medium text-slate-900">{room.name}</span>
                        <span className="block text-sm text-slate-500">{detailOf(room)}</span>
                      </span>
                    </>
                  )}
                </ComboboxOption>
              ))
            )}
          </ComboboxOptions>
        </div>
      </Combobox>
      {selected.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Selected room types${where}`}>
          {selected.map((room) => (
            <li
              key={room.id}
              className="bg-brand-100 text-brand-900 flex items-center gap-1 rounded-full py-1 pr-1 pl-3 text-sm"
            >
              {room.name}
              <button
                type="button"
                aria-label={`Remove ${room.name}`}
                className="hover:bg-brand-200 rounded-full px-2"
                onClick={() => onChange(selectedIds.filter((id) => id !== room.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
