import { ErrorText } from '~/components/ui/notice'
import {
  ANY_ROOM,
  NEW_RESORT_ROW,
  otherResortField,
  type HotelDraft,
  type ResortDraft,
} from '~/domain/hotel-drafts'
import type { CatalogueChoice } from '~/domain/catalogue-choices'
import { useHydrated } from '~/hooks/use-hydrated'
import { inputClass, secondaryButton } from './field'
import { RoomTypePicker } from './room-type-picker'
import type { ResortRooms } from './use-hotel-draft'

/** "Any room type that fits": posted as "any" among the resort's roomIds, as the JSON API says it. */
export function AnyRoomField({
  name,
  checked,
  onChange,
}: {
  name: string
  checked: boolean
  onChange: (anyRoom: boolean) => void
}) {
  return (
    <label className="mb-3 flex items-center gap-3 text-sm text-slate-700">
      <input
        type="checkbox"
        name={name}
        value={ANY_ROOM}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      Any room type that fits my party
    </label>
  )
}

/** The room types of one resort: any that fits, or those chosen. */
export function ResortRoomsField({
  name,
  at,
  resort,
  rooms,
  onChange,
}: {
  name: string
  at?: string
  resort: Pick<ResortDraft, 'roomIds' | 'anyRoom'>
  rooms: ResortRooms
  onChange: (changes: Partial<ResortDraft>) => void
}) {
  const hydrated = useHydrated()
  return (
    <>
      <AnyRoomField
        name={name}
        checked={resort.anyRoom}
        onChange={(anyRoom) => onChange({ anyRoom })}
      />
      {rooms.failed ? (
        <p role="alert" className="text-sm text-red-600">
          Failed to load room types. Please try again.
        </p>
      ) : (
        // Without JavaScript the list stays, for a box ticked either way to be read.
        (!hydrated || !resort.anyRoom) && (
          <RoomTypePicker
            name={name}
            at={at}
            allRooms={rooms.all}
            fittingRooms={rooms.fitting}
            selectedIds={resort.roomIds}
            loading={rooms.loading}
            onChange={(roomIds) => onChange({ roomIds })}
          />
        )
      )}
    </>
  )
}

/**
 * "Also watch": other resorts of the destination, each with any room type or chosen ones.
 * Without JavaScript, Add, Remove and Show room types send the form to the page again (GET), so
 * what was entered stays in the address and the page comes back with the rows changed.
 */
export function OtherResorts({
  idPrefix,
  draft,
  choices,
  roomsOf,
  onChange,
  errorOf,
}: {
  idPrefix: string
  draft: Pick<HotelDraft, 'resortId' | 'otherResorts'>
  /** The resorts of the destination of the form's own resort, which is not among them. */
  choices: readonly CatalogueChoice[]
  roomsOf: (resortId: string | null) => ResortRooms
  onChange: (rows: ResortDraft[]) => void
  errorOf: (name: string) => string | undefined
}) {
  const hydrated = useHydrated()
  const rows = draft.otherResorts
  const change = (index: number, changes: Partial<ResortDraft>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...changes } : row)))
  const taken = new Set([draft.resortId, ...rows.map((row) => row.resortId)])

  return (
    <div className="space-y-4">
      {rows.length > 0 && (
        <ol className="space-y-4">
          {rows.map((row, index) => {
            const field = (name: 'resortId' | 'roomIds') => otherResortField(index, name)
            const name = choices.find((choice) => choice.id === row.resortId)?.name
            return (
              <li key={index} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-end gap-3">
                  <div className="min-w-52 grow">
                    <label
                      htmlFor={`${idPrefix}-other-resort-${index}`}
                      className="block text-sm font-medium text-slate-700"
                    >
                      {`Resort ${index + 2}`}
                    </label>
                    <select
                      id={`${idPrefix}-other-resort-${index}`}
                      name={field('resortId')}
                      value={row.resortId ?? ''}
                      onChange={(event) =>
                        change(index, { resortId: event.currentTarget.value || null, roomIds: [] })
                      }
                      className={`mt-1 ${inputClass}`}
                    >
                      <option value="">Choose a resort</option>
                      {choices
                        .filter((choice) => choice.id === row.resortId || !taken.has(choice.id))
                        .map((choice) => (
                          <option key={choice.id} value={choice.id}>
                            {choice.name}
                          </option>
                        ))}
                    </select>
                  </div>
                  <button
                    type="submit"
                    name="intent"
                    value={`remove-resort-${index}`}
                    formMethod="get"
                    formNoValidate
                    aria-label={`Remove ${name ?? `resort ${index + 2}`}`}
                    className={secondaryButton}
                    onClick={(event) => {
                      if (!hydrated) return
                      event.preventDefault()
                      onChange(rows.filter((_, at) => at !== index))
                    }}
                  >
                    Remove
                  </button>
                </div>
                <ErrorText className="mt-1">{errorOf(field('resortId'))}</ErrorText>
                {row.resortId ? (
                  <div className="mt-3">
                    <ResortRoomsField
                      name={field('roomIds')}
                      at={name}
                      resort={row}
                      rooms={roomsOf(row.resortId)}
                      onChange={(changes) => change(index, changes)}
                    />
                  </div>
                ) : (
                  <>
                    {/* No resort yet: any room is the choice a new row starts with. */}
                    {row.anyRoom && (
                      <input type="hidden" name={field('roomIds')} value={ANY_ROOM} />
                    )}
                    {!hydrated && (
                      <p className="mt-2 text-sm text-slate-500">
                        Choose a resort, then Show room types to pick its rooms, or leave it at any
                        room type.
                      </p>
                    )}
                  </>
                )}
                <ErrorText className="mt-1">{errorOf(field('roomIds'))}</ErrorText>
              </li>
            )
          })}
        </ol>
      )}
      <ErrorText>{errorOf('otherResorts')}</ErrorText>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value="add-resort"
          formMethod="get"
          formNoValidate
          className={secondaryButton}
          disabled={rows.length >= choices.length}
          onClick={(event) => {
            if (!hydrated) return
            event.preventDefault()
            onChange([...rows, NEW_RESORT_ROW])
          }}
        >
          Add a resort
        </button>
        {!hydrated && rows.length > 0 && (
          <button type="submit" formMethod="get" formNoValidate className={secondaryButton}>
            Show room types
          </button>
        )}
      </div>
    </div>
  )
}
