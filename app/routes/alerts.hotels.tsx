import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import dayPickerStyles from 'react-day-picker/style.css'
import { DateRangeCalendar } from '~/components/alert-form/calendar'
import { ChoiceList } from '~/components/alert-form/choice-list'
import { AlertSaveError, FormSection, secondaryButton } from '~/components/alert-form/field'
import {
  AlertPageLayout,
  PageLoadError,
  SidebarCard,
  SubmitHelp,
  useQuickIntent,
} from '~/components/alert-form/page-chrome'
import { PartyFields } from '~/components/alert-form/party-fields'
import { RoomTypePicker } from '~/components/alert-form/room-type-picker'
import { useHotelDraft, type HotelDraft } from '~/components/alert-form/use-hotel-draft'
import { isIsoDate, todayIn } from '~/domain/dates'
import { destinationDisplay, findDestination } from '~/domain/destinations'
import {
  HOTEL_MESSAGES,
  HOTEL_PARTY,
  hotelPageSchema,
  missingHotelParts,
  requiredFieldsMessage,
} from '~/domain/hotel-alert'
import { readIntent } from '~/domain/redirects'
import { useHydrated } from '~/hooks/use-hydrated'
import { findResort, listResorts, listRoomTypes, toRoomTypeJson } from '~/models/catalogue.server'
import { createHotelAlert } from '~/models/hotel-alert.server'
import { getDb } from '~/utils/db.server'
import { saveAlertFromPage } from '~/utils/alert-page.server'
import { getUser } from '~/utils/session.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: dayPickerStyles }]

export const meta: MetaFunction = () => [
  { title: 'Disney Hotel Alerts: get a text when a sold-out resort opens up' },
  {
    name: 'description',
    content:
      'Pick a Walt Disney World or Disneyland Resort hotel, your dates and your party. We text you when a matching room opens up.',
  },
]

function numberOr(value: string | null, fallback: number, min: number, max: number) {
  const parsed = Number(value)
  return value !== null && value !== '' && Number.isInteger(parsed)
    ? Math.min(max, Math.max(min, parsed))
    : fallback
}

/** Reads the draft from the URL (or a posted form), forgiving anything odd. */
function readDraft(source: URLSearchParams | FormData): HotelDraft {
  const text = (key: string) => {
    const value = source.get(key)
    return typeof value === 'string' ? value : ''
  }
  const children = numberOr(
    text('numberOfChildren') || null,
    0,
    HOTEL_PARTY.children.min,
    HOTEL_PARTY.children.max,
  )
  const ages = source.getAll('agesOfChildren').map((value) => (value === '' ? null : Number(value)))
  return {
    resortId: text('resortId') || null,
    checkInDate: isIsoDate(text('checkInDate')) ? text('checkInDate') : '',
    checkOutDate: isIsoDate(text('checkOutDate')) ? text('checkOutDate') : '',
    adults: numberOr(
      text('numberOfAdults') || null,
      HOTEL_PARTY.adults.default,
      HOTEL_PARTY.adults.min,
      HOTEL_PARTY.adults.max,
    ),
    childAges: Array.from({ length: children }, (_, index) => {
      const age = ages[index]
      return age !== undefined &&
        age !== null &&
        Number.isInteger(age) &&
        age >= 0 &&
        age <= HOTEL_PARTY.age.max
        ? age
        : null
    }),
    accessible: ['on', 'true'].includes(text('accessible')),
    roomIds: source.getAll('roomIds').filter((id): id is string => typeof id === 'string'),
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const params = url.searchParams
  const db = getDb()
  const [user, resorts] = await Promise.all([getUser(request), listResorts(db)])
  const offered = resorts.filter((resort) => resort.sold)
  const draft = readDraft(params)

  // hotel (name), hotelId or disneyId (with location) pre-select a resort (catalogue §2).
  const location = findDestination(params.get('location'))?.identifier
  const byQuery =
    offered.find((resort) => resort.id === params.get('hotelId')) ??
    offered.find(
      (resort) =>
        params.get('disneyId') &&
        resort.disneyIdentifier === params.get('disneyId') &&
        (!location || resort.locationIdentifier === location),
    ) ??
    offered.find(
      (resort) => resort.name.toLowerCase() === params.get('hotel')?.trim().toLowerCase(),
    )
  const changing = params.get('change') === 'resortId'
  const resortId = changing
    ? null
    : ((offered.find((resort) => resort.id === draft.resortId) ?? byQuery)?.id ?? null)
  const rooms = resortId ? (await listRoomTypes(db, resortId)).map(toRoomTypeJson) : []

  return json({
    signedIn: Boolean(user),
    intentQuick: readIntent(params.get('intent')) === 'quick',
    q: changing ? '' : (params.get('q') ?? ''),
    resorts: offered.map((resort) => ({
      id: resort.id,
      name: resort.name,
      detail: `${destinationDisplay(resort.locationIdentifier)} · ${resort.area}`,
      locationIdentifier: resort.locationIdentifier,
    })),
    draft: { ...draft, resortId, roomIds: resortId === draft.resortId ? draft.roomIds : [] },
    rooms,
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData()
  const draft = readDraft(formData)
  const resort = draft.resortId ? await findResort(getDb(), draft.resortId) : undefined
  const timeZone = findDestination(resort?.locationIdentifier)?.timeZone ?? 'America/Los_Angeles'
  const submission = parseWithZod(formData, { schema: hotelPageSchema(todayIn(timeZone)) })
  if (submission.status !== 'success') {
    return json({ result: submission.reply(), draft }, { status: 400 })
  }
  const outcome = await saveAlertFromPage(request, {
    kind: 'hotel',
    value: submission.value,
    create: (userId) => createHotelAlert(getDb(), userId, submission.value),
    afterLogin: '/dashboard?newAlert=hotel',
    failedMessage: HOTEL_MESSAGES.createFailed,
  })
  if (outcome instanceof Response) return outcome
  return json(
    { result: submission.reply({ formErrors: [outcome.formError] }), draft, code: outcome.code },
    { status: outcome.status },
  )
}

/** The page cannot do anything without the resort list. */
export function ErrorBoundary() {
  return <PageLoadError message="Failed to load resorts. Please try again." />
}

export default function HotelAlertPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  useQuickIntent(data.intentQuick, '/alerts/hotels')

  const { draft, update, selectResort, changeParty, rooms, fitting, roomsLoading, roomsFailed } =
    useHotelDraft(actionData?.draft ?? data.draft, {
      resortId: data.draft.resortId,
      rooms: data.rooms,
    })

  const resort = data.resorts.find((item) => item.id === draft.resortId)
  const minDate = todayIn(findDestination(resort?.locationIdentifier ?? 'disneyland')!.timeZone)

  const [form, fields] = useForm({
    id: 'hotel-alert',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: hotelPageSchema(minDate) }),
    shouldValidate: 'onSubmit',
  })

  const missing = requiredFieldsMessage(
    missingHotelParts({
      resortId: draft.resortId,
      checkInDate: draft.checkInDate,
      checkOutDate: draft.checkOutDate,
      numberOfAdults: draft.adults,
      agesOfChildren: draft.childAges,
      roomIds: draft.roomIds,
    }),
  )
  const submitting = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  const fieldError = (...names: (keyof typeof fields)[]) =>
    names.map((name) => fields[name].errors?.[0]).find(Boolean)

  function rememberDraft() {
    if (data.signedIn || !resort) return
    sessionStorage.setItem(
      'pendingHotelAlert',
      JSON.stringify({
        selectedResort: { id: resort.id, name: resort.name },
        dateRange: { from: draft.checkInDate, to: draft.checkOutDate },
        adults: draft.adults,
        children: draft.childAges.length,
        childrenAges: draft.childAges,
        accessibleRooms: draft.accessible,
        selectedRoomTypes: draft.roomIds,
        type: 'hotel',
        timestamp: Date.now(),
      }),
    )
  }

  return (
    <AlertPageLayout
      crumb="Hotel Alerts"
      title="Disney Hotel Alerts"
      intro="Sold out at the resort you want? Tell us your dates, your party and the rooms you would take. We check for cancellations and text you the moment one matches."
      sidebar={<HotelSidebar />}
    >
      <Form
        method="post"
        {...getFormProps(form)}
        onSubmit={(event) => {
          rememberDraft()
          form.onSubmit(event)
        }}
        className="space-y-6"
      >
        <FormSection title="Select Resort" id="resort-heading" error={fieldError('resortId')}>
          <ChoiceList
            name="resortId"
            searchName="q"
            label="Search resorts"
            choices={data.resorts}
            selectedId={draft.resortId}
            onSelect={selectResort}
            initialSearch={data.q}
            countText={(count) => `${count} resort(s) found`}
            emptyText="No resorts available"
            noMatchText={() => 'No resorts match'}
          />
        </FormSection>

        <FormSection
          title="Dates"
          id="dates-heading"
          error={fieldError('checkInDate', 'checkOutDate')}
        >
          {hydrated ? (
            <>
              <input type="hidden" name="checkInDate" value={draft.checkInDate} />
              <input type="hidden" name="checkOutDate" value={draft.checkOutDate} />
              <DateRangeCalendar
                id="hotel-dates"
                minDate={minDate}
                value={{
                  from: draft.checkInDate || undefined,
                  to: draft.checkOutDate || undefined,
                }}
                onChange={(range) =>
                  update({ checkInDate: range.from ?? '', checkOutDate: range.to ?? '' })
                }
              />
            </>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <label className="block text-sm font-medium text-slate-700">
                Check-in
                <input
                  type="date"
                  name="checkInDate"
                  min={minDate}
                  defaultValue={draft.checkInDate}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5"
                />
              </label>
              <label className="block text-sm font-medium text-slate-700">
                Check-out
                <input
                  type="date"
                  name="checkOutDate"
                  min={minDate}
                  defaultValue={draft.checkOutDate}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5"
                />
              </label>
            </div>
          )}
        </FormSection>

        <FormSection
          title="Party Size"
          id="party-heading"
          error={fieldError('numberOfAdults', 'agesOfChildren', 'numberOfChildren')}
        >
          <PartyFields
            idPrefix="hotel"
            adults={draft.adults}
            childAges={draft.childAges}
            onChange={changeParty}
            ageErrors={Boolean(form.errors?.length)}
          />
          <label className="mt-4 flex items-center gap-3 text-sm text-slate-700">
            <input
              type="checkbox"
              name="accessible"
              checked={draft.accessible}
              onChange={(event) => changeParty({ accessible: event.currentTarget.checked })}
            />
            I need accessible rooms only
          </label>
          {!hydrated && (
            <button
              type="submit"
              formMethod="get"
              formNoValidate
              className={`mt-4 ${secondaryButton}`}
            >
              Update room types
            </button>
          )}
        </FormSection>

        <FormSection title="Room Types" id="rooms-heading" error={fieldError('roomIds')}>
          {!draft.resortId ? (
            <p className="text-sm text-slate-500">Select a resort to see its room types.</p>
          ) : roomsFailed ? (
            <p role="alert" className="text-sm text-red-600">
              Failed to load room types. Please try again.
            </p>
          ) : (
            <RoomTypePicker
              allRooms={rooms}
              fittingRooms={fitting}
              selectedIds={draft.roomIds}
              loading={roomsLoading}
              onChange={(roomIds) => update({ roomIds })}
            />
          )}
        </FormSection>

        <div className="space-y-3">
          {form.errors?.map((error) => (
            <AlertSaveError
              key={error}
              message={error}
              code={actionData && 'code' in actionData ? actionData.code : undefined}
            />
          ))}
          <div className="flex flex-wrap items-center gap-4">
            <button
              type="submit"
              disabled={submitting || (hydrated && Boolean(missing))}
              className="bg-brand-600 hover:bg-brand-700 rounded-lg px-6 py-3 font-semibold text-white shadow disabled:cursor-not-allowed disabled:opacity-60"
            >
              {submitting ? 'Creating Alert...' : 'Start Disney Hotel Alerts'}
            </button>
            <Link
              to="/blog/tags/disney-hotel-alerts"
              className="text-brand-700 text-sm font-semibold hover:underline"
            >
              Read Tips
            </Link>
          </div>
          {hydrated && missing && <p className="text-sm text-slate-500">{missing}</p>}
          <SubmitHelp signedIn={data.signedIn} opening="room" />
        </div>
      </Form>
    </AlertPageLayout>
  )
}

function HotelSidebar() {
  return (
    <>
      <SidebarCard title="Tips for landing a room">
        <p>
          Choose every room type you would happily take: the more you watch, the sooner one opens.
        </p>
        <p>
          Cancellations cluster 30, 14 and 7 days before arrival, when Disney's payment and penalty
          deadlines fall.
        </p>
        <p>
          When your text arrives, open the link and book right away. Openings rarely last more than
          a few minutes.
        </p>
      </SidebarCard>
      <SidebarCard title="Questions">
        <p>
          <strong className="text-slate-800">Do you book for me?</strong> No. We text you, and you
          book directly with Disney.
        </p>
        <p>
          <strong className="text-slate-800">How often do you check?</strong> It depends on your
          plan, from once a day to every 2 minutes. See{' '}
          <Link to="/pricing" className="text-brand-700 underline">
            Pricing
          </Link>
          .
        </p>
        <p>
          <strong className="text-slate-800">What happens after a match?</strong> You get one text
          and the alert is marked found. You can restart it from your dashboard.
        </p>
      </SidebarCard>
      <p className="text-xs text-slate-500">
        Not affiliated with Disney.{' '}
        <Link to="/disney-hotel-alerts" className="underline">
          How hotel alerts work
        </Link>
      </p>
    </>
  )
}
