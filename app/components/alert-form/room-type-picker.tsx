import { lazy, Suspense } from 'react'
import type { RoomTypeJson } from '~/models/catalogue.server'
import { useHydrated } from '~/hooks/use-hydrated'
import { inputClass } from './field'

// The searchable multi-select (Headless UI's Combobox, about 35 kB gzipped) loads once there are
// rooms to pick from, not with the page.
const RoomTypeCombobox = lazy(() => import('./room-type-combobox'))

/** What the pickers say of a room type, under its name. */
function roomDetail(room: RoomTypeJson) {
  return `Max ${room.maxOccupancy} guests · ${room.accessible ? 'Accessible' : 'Standard'}`
}

/**
 * The room types to watch: a searchable multi-select with removable chips, or without
 * JavaScript a list of checkboxes. Only rooms that fit the party are offered.
 */
export function RoomTypePicker({
  name = 'roomIds',
  at,
  allRooms,
  fittingRooms,
  selectedIds,
  onChange,
  loading = false,
}: {
  /** The posted field: the form's own resort's, or an other resort's (`otherResorts[0].roomIds`). */
  name?: string
  /** The resort's name, where a form has pickers for several resorts. */
  at?: string
  allRooms: readonly RoomTypeJson[]
  fittingRooms: readonly RoomTypeJson[]
  selectedIds: readonly string[]
  onChange?: (ids: string[]) => void
  loading?: boolean
}) {
  const hydrated = useHydrated()

  if (loading) return <p className="text-sm text-slate-500">Loading room types…</p>
  if (allRooms.length === 0)
    return <p className="text-sm text-slate-500">No room types available for this resort.</p>
  if (fittingRooms.length === 0) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-800"
      >
        No room types are available for this party size. Please adjust your party size or try a
        different resort.
      </p>
    )
  }
  const count = (
    <p className="mb-2 text-sm text-slate-500">{`${fittingRooms.length} of ${allRooms.length} room types`}</p>
  )

  if (!hydrated || !onChange) {
    return (
      <fieldset>
        <legend className="sr-only">{at ? `Room Types at ${at}` : 'Room Types'}</legend>
        {count}
        <ul className="grid gap-2 sm:grid-cols-2">
          {fittingRooms.map((room) => (
            <li key={room.id}>
              <label className="hover:border-brand-500 flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3">
                <input
                  type="checkbox"
                  name={name}
                  value={room.id}
                  defaultChecked={selectedIds.includes(room.id)}
                  className="mt-1"
                />
                <span>
                  <span className="block font-medium text-slate-900">{room.name}</span>
                  <span className="block text-sm text-slate-500">{roomDetail(room)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    )
  }

  return (
    <div>
      {count}
      {fittingRooms
        .filter((room) => selectedIds.includes(room.id))
        .map((room) => (
          <input key={room.id} type="hidden" name={name} value={room.id} />
        ))}
      <Suspense fallback={<p className="text-sm text-slate-500">Loading room types…</p>}>
        <RoomTypeCombobox
          rooms={fittingRooms}
          selectedIds={selectedIds}
          onChange={onChange}
          at={at}
          detailOf={roomDetail}
          inputClassName={inputClass}
        />
      </Suspense>
    </div>
  )
}
