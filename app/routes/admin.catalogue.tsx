import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import * as z from 'zod/mini'
import {
  listCatalogueAudit,
  listRoomKeyMappings,
  listUnmatched,
  mapRoomKey,
  mappableRoomTypes,
  unmapRoomKey,
} from '~/models/catalogue-drift.server'
import { getDb } from '~/utils/db.server'
import { requireAdmin } from '~/utils/session.server'
import { privateMeta } from '~/utils/seo'
import { ErrorText } from '~/components/ui/notice'
import { PRIVATE } from '~/utils/http.server'

export const meta: MetaFunction = () => privateMeta('Catalogue drift')

const destination = z.enum(['disney-world', 'disneyland'])
/** The two things an admin does here, one schema for the form and the action. */
export const catalogueIntent = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('map'),
    locationIdentifier: destination,
    disneySlug: z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a Disney address.')),
    keyKind: z.enum(['code', 'id']),
    disneyKey: z.string().check(z.regex(/^[A-Za-z0-9]{1,20}$/, 'Not a Disney room key.')),
    roomTypeId: z.uuid('Choose a room type.'),
  }),
  z.object({ intent: z.literal('unmap'), mappingId: z.uuid('Not a mapping.') }),
])

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const db = getDb()
  const [unmatched, roomTypes, mappings, audit] = await Promise.all([
    listUnmatched(db),
    mappableRoomTypes(db),
    listRoomKeyMappings(db),
    listCatalogueAudit(db),
  ])
  return json({ unmatched, roomTypes, mappings, audit }, { headers: PRIVATE })
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request)
  const form = await request.formData().catch(() => null)
  if (!form) return json({ key: null, message: 'Send the form as a form.' }, { status: 400 })
  const submission = parseWithZod(form, { schema: catalogueIntent })
  if (submission.status !== 'success') {
    const key = String(form.get('disneyKey') ?? form.get('mappingId') ?? '')
    const message = Object.values(submission.error ?? {}).flat()[0] ?? 'Check the form.'
    return json({ key, message }, { status: 400 })
  }
  const input = submission.value
  const db = getDb()
  if (input.intent === 'unmap') {
    const removed = await unmapRoomKey(db, { actorId: admin.id, mappingId: input.mappingId })
    if (!removed)
      return json(
        { key: input.mappingId, message: 'That mapping is gone already.' },
        { status: 404 },
      )
    return redirect('/admin/catalogue')
  }
  const result = await mapRoomKey(db, { ...input, actorId: admin.id })
  if (!result.ok) return json({ key: input.disneyKey, message: result.message }, { status: 400 })
  return redirect('/admin/catalogue')
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }) + ' UTC'

const DESTINATION_NAMES = { 'disney-world': 'Walt Disney World', disneyland: 'Disneyland Resort' }

export default function CatalogueDrift() {
  const { unmatched, roomTypes, mappings, audit } = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-semibold text-slate-900">Catalogue drift</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Rooms and venues that Disney&apos;s answers listed and our catalogue does not know, counted
        per Disney address. Map a room key to one of our room types: alerts on that room type match
        it from their next check, and the change is kept in the log below.
      </p>

      <h2 className="mt-8 text-lg font-semibold text-slate-900">Not matched</h2>
      {unmatched.length === 0 ? (
        <p className="mt-2 text-slate-600">Every room and venue in recent answers is known.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-500">
              <tr>
                <th className="py-2 pr-3">Address</th>
                <th className="py-2 pr-3">Disney key</th>
                <th className="py-2 pr-3">What the answer said</th>
                <th className="py-2 pr-3">Seen</th>
                <th className="py-2 pr-3">Last seen</th>
                <th className="py-2">Map to</th>
              </tr>
            </thead>
            <tbody>
              {unmatched.map((row) => {
                const id = `${row.locationIdentifier}-${row.address}-${row.keyKind}-${row.disneyKey}`
                const error = failed && failed.key === row.disneyKey ? failed.message : null
                return (
                  <tr key={id} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3">
                      <div className="font-medium text-slate-900">{row.address}</div>
                      <div className="text-slate-500">
                        {DESTINATION_NAMES[row.locationIdentifier]}
                      </div>
                    </td>
                    <td className="py-2 pr-3 font-mono">
                      {row.disneyKey}
                      <div className="font-sans text-slate-500">
                        {row.keyKind === 'venue' ? 'venue id' : `room ${row.keyKind}`}
                      </div>
                    </td>
                    <td className="py-2 pr-3 text-slate-700">{row.description}</td>
                    <td className="py-2 pr-3">
                      {row.timesSeen}×
                      <div className="text-slate-500">since {dateTime(row.firstSeenAt)}</div>
                    </td>
                    <td className="py-2 pr-3">{dateTime(row.lastSeenAt)}</td>
                    <td className="py-2">
                      {row.keyKind === 'venue' ? (
                        <span className="text-slate-500">
                          Add it to the dining catalogue (content/catalogue) if it takes
                          reservations.
                        </span>
                      ) : (
                        <Form method="post" className="flex flex-wrap items-start gap-2">
                          <input type="hidden" name="intent" value="map" />
                          <input
                            type="hidden"
                            name="locationIdentifier"
                            value={row.locationIdentifier}
                          />
                          <input type="hidden" name="disneySlug" value={row.address} />
                          <input type="hidden" name="keyKind" value={row.keyKind} />
                          <input type="hidden" name="disneyKey" value={row.disneyKey} />
                          <label className="sr-only" htmlFor={`${id}-room`}>
                            Room type for {row.disneyKey}
                          </label>
                          <select
                            id={`${id}-room`}
                            name="roomTypeId"
                            required
                            defaultValue=""
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${id}-error` : undefined}
                            className="max-w-xs rounded-lg border border-slate-300 px-2 py-1.5"
                          >
                            <option value="" disabled>
                              Choose a room type
                            </option>
                            <RoomTypeOptions roomTypes={roomTypes} row={row} />
                          </select>
                          <button
                            type="submit"
                            disabled={busy}
                            className="rounded-lg bg-indigo-600 px-3 py-1.5 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
                          >
                            Map
                          </button>
                          {error ? (
                            <p id={`${id}-error`} className="w-full text-sm text-red-600">
                              {error}
                            </p>
                          ) : null}
                        </Form>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}

      <h2 className="mt-10 text-lg font-semibold text-slate-900">Mapped keys</h2>
      {mappings.length === 0 ? (
        <p className="mt-2 text-slate-600">No key has been mapped yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {mappings.map((mapping) => (
            <li key={mapping.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span>
                <span className="font-mono">{mapping.disneyKey}</span> at {mapping.disneySlug} →{' '}
                {mapping.resortName} — {mapping.roomTypeName}
                <span className="text-slate-500">
                  {' '}
                  (by {mapping.createdByPhone}, {dateTime(mapping.createdAt)})
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="unmap" />
                <input type="hidden" name="mappingId" value={mapping.id} />
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded-lg border border-slate-300 px-3 py-1 font-semibold text-slate-700 hover:bg-slate-50"
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {failed && !unmatched.some((row) => row.disneyKey === failed.key) ? (
        <ErrorText className="mt-3">{failed.message}</ErrorText>
      ) : null}

      <h2 className="mt-10 text-lg font-semibold text-slate-900">Changes</h2>
      {audit.length === 0 ? (
        <p className="mt-2 text-slate-600">No change has been made here yet.</p>
      ) : (
        <ol className="mt-3 space-y-1 text-sm text-slate-700">
          {audit.map((entry) => (
            <li key={entry.id}>
              {dateTime(entry.at)}: {entry.actorPhone}{' '}
              {entry.action === 'map-room-key' ? 'mapped' : 'removed the mapping of'}{' '}
              {describe(entry.details)}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function describe(details: unknown) {
  const d = details as { disneyKey?: string; disneySlug?: string; roomType?: string }
  return `${d.disneyKey ?? '?'} at ${d.disneySlug ?? '?'}${d.roomType ? ` to ${d.roomType}` : ''}`
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

/** Room types of the destination grouped by resort, the resorts at the key's address first. */
function RoomTypeOptions({
  roomTypes,
  row,
}: {
  roomTypes: LoaderData['roomTypes']
  row: LoaderData['unmatched'][number]
}) {
  const byResort = new Map<string, { atAddress: boolean; rooms: LoaderData['roomTypes'] }>()
  for (const room of roomTypes) {
    if (room.locationIdentifier !== row.locationIdentifier) continue
    const group = byResort.get(room.resortName) ?? {
      atAddress: room.disneySlug === row.address,
      rooms: [],
    }
    group.rooms.push(room)
    byResort.set(room.resortName, group)
  }
  const groups = [...byResort].sort(([, a], [, b]) => Number(b.atAddress) - Number(a.atAddress))
  return (
    <>
      {groups.map(([resort, group]) => (
        <optgroup key={resort} label={resort}>
          {group.rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.name}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  )
}
