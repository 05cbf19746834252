import { getFormProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { preloadCalendarStyles } from '~/components/alert-form/calendar'
import { ResortSection } from '~/components/alert-form/choice-list'
import { ClientSection } from '~/components/alert-form/client-fields'
import { FormSection } from '~/components/alert-form/field'
import { KeepWatchingField } from '~/components/alert-form/keep-watching-field'
import {
  AlertPageLayout,
  EDITING_PAGE,
  refusalOf,
  SubmitArea,
  useQuickIntent,
} from '~/components/alert-form/page-chrome'
import { PartySection } from '~/components/alert-form/party-fields'
import { PriceCeilingField } from '~/components/alert-form/price-ceiling-field'
import { rememberHotelDraft } from '~/components/alert-form/remember-hotel-draft'
import { OtherResorts, ResortRoomsField } from '~/components/alert-form/resort-choices'
import { HotelSidebar } from '~/components/alert-form/hotel-sidebar'
import { SplitStaysField } from '~/components/alert-form/split-stays-field'
import { StayCount } from '~/components/alert-form/stay-count'
import { StayWindowFields } from '~/components/alert-form/stay-window-fields'
import { HotelFormGuide } from '~/components/alert-form/hotel-guide'
import { useHotelDraft } from '~/components/alert-form/use-hotel-draft'
import { useHotelPageForm } from '~/components/alert-form/use-hotel-page-form'
import { EDIT_FIELD } from '~/domain/alert-drafts'
import { CLIENT_FIELDS } from '~/domain/alert-client'
import {
  ANY_ROOM,
  findLinkedResort,
  hotelDraftCost,
  readHotelDraft,
  stayEndOf,
  withResortIntent,
  type HotelDraft,
} from '~/domain/hotel-drafts'
import { toCatalogueChoice } from '~/domain/catalogue-choices'
import { todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { isTooWide } from '~/domain/flexible-cost'
import { missingHotelParts, requiredFieldsMessage } from '~/domain/hotel-alert'
import { readIntent } from '~/domain/redirects'
import { useHydrated } from '~/hooks/use-hydrated'
import {
  findResort,
  listSoldResorts,
  listRoomTypes,
  toRoomTypeJson,
} from '~/models/catalogue.server'
import { isOwnAlert } from '~/models/alert-rules.server'
import { alertClientChoice } from '~/models/client.server'
import { listHotelAlerts } from '~/models/hotel-alert.server'
import { getDb } from '~/utils/db.server'
import { hotelDraftCoverage, parseHotelPage, saveHotelFromPage } from '~/services/alert-page.server'
import { HOTEL_FORM_FAQ_PAGE, hotelFormGuide } from '~/services/hotel-form-guide.server'
import { getUser } from '~/utils/session.server'
import { readFormData } from '~/utils/http.server'
import { pageMeta } from '~/utils/seo'

export const links = preloadCalendarStyles

export { ResortListError as ErrorBoundary } from '~/components/alert-form/page-chrome'

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Disney Hotel Alerts: get a text when a sold-out resort opens up',
    description:
      'Pick a Walt Disney World or Disneyland Resort hotel, your dates and your party. We text you when a matching room opens up.',
    structuredData: args.data?.structuredData ?? [],
  })

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const params = url.searchParams
  const db = getDb()
  const [user, offered] = await Promise.all([getUser(request), listSoldResorts(db)])
  const draft = readHotelDraft(params)
  const byQuery = findLinkedResort(offered, params)
  const changing = params.get('change') === 'resortId'
  const resortId = changing
    ? null
    : ((offered.find((resort) => resort.id === draft.resortId) ?? byQuery)?.id ?? null)
  // The dashboard's Edit without JavaScript: the alert's fields come in the link, its id in edit.
  const editId = params.get(EDIT_FIELD)
  const editing = user && (await isOwnAlert(db, user.id, 'hotel', editId)) ? editId : null
  // A watch on a booked stay has its own form: an old link to this one goes there.
  const [edited] = editing ? await listHotelAlerts(db, user!.id, [editing]) : []
  if (edited && 'watch' in edited && edited.watch === 'price')
    throw redirect(`/alerts/price-watch?${new URLSearchParams({ [EDIT_FIELD]: edited.id })}`)

  return json({
    signedIn: Boolean(user),
    editing,
    intentQuick: readIntent(params.get('intent')) === 'quick',
    q: changing ? '' : (params.get('q') ?? ''),
    resorts: offered.map(toCatalogueChoice),
    guide: hotelFormGuide(offered),
    // The page's meta says it; built on the server, away from the page's JavaScript budget.
    structuredData: [HOTEL_FORM_FAQ_PAGE],
    // Without JavaScript, Update room types sends the client fields back in the address.
    clientChoice: await alertClientChoice(db, user?.id, edited ?? null, params),
    ...(await pageDraft(
      offered,
      // A resort from the link's other names comes without room types.
      { ...draft, resortId, ...(resortId !== draft.resortId && { roomIds: [], anyRoom: false }) },
      params.get('intent'),
    )),
  })
}

/**
 * The draft as the page shows it, with what it needs without JavaScript: only resorts the form
 * may watch (its own, and others of its destination), their room types, and what it covers.
 * `intent` is Add a resort or Remove, sent without JavaScript.
 */
async function pageDraft(
  offered: Awaited<ReturnType<typeof listSoldResorts>>,
  posted: HotelDraft,
  intent: string | null,
) {
  const db = getDb()
  const resort = offered.find((item) => item.id === posted.resortId)
  const mayWatch = (id: string) =>
    offered.some((item) => item.id === id && item.locationIdentifier === resort?.locationIdentifier)
  const draft = {
    ...posted,
    resortId: resort?.id ?? null,
    roomIds: resort ? posted.roomIds : [],
    otherResorts: withResortIntent(
      posted.otherResorts.filter(
        (row) =>
          resort && (!row.resortId || (row.resortId !== resort.id && mayWatch(row.resortId))),
      ),
      intent,
    ),
  }
  const roomsAt = async (id: string) => (await listRoomTypes(db, id)).map(toRoomTypeJson)
  const others = [...new Set(draft.otherResorts.flatMap((row) => row.resortId ?? []))]
  const [rooms, otherRooms] = await Promise.all([
    resort ? roomsAt(resort.id) : [],
    Promise.all(others.map(async (id) => [id, await roomsAt(id)] as const)),
  ])
  return {
    draft,
    rooms,
    otherRooms: Object.fromEntries(otherRooms),
    coverage: hotelDraftCoverage(draft),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const posted = readHotelDraft(formData)
  const db = getDb()
  const resort = posted.resortId ? await findResort(db, posted.resortId) : undefined
  const timeZone = findDestination(resort?.locationIdentifier)?.timeZone ?? 'America/Los_Angeles'
  const submission = parseHotelPage(formData, todayIn(timeZone))
  // The form again as it was sent, for the page to show with its errors.
  const sent = async () => ({
    ...(await pageDraft(await listSoldResorts(db), posted, null)),
    clientChoice: await alertClientChoice(db, (await getUser(request))?.id, null, formData),
  })
  return saveHotelFromPage(request, formData, submission, {
    clientIp: context.clientIp,
    sent,
    fieldOf: formFieldOf,
  })
}

/**
 * Where the page shows a refusal of the model: beside the resort or room types it names (what
 * only the catalogue can tell), the form's own resort being the alert's first, or the client
 * fields; anything else above the submit button, as the page's fields are checked before saving.
 */
function formFieldOf(field: string | undefined): string | null {
  if ((CLIENT_FIELDS as readonly unknown[]).includes(field)) return field!
  const named = /^resorts\[(\d+)\]\.(resortId|roomIds)$/.exec(field ?? '')
  if (!named) return field === 'resorts' ? 'resortId' : null
  const [, index, name] = named
  return index === '0' ? name! : `otherResorts[${Number(index) - 1}].${name}`
}

export default function HotelAlertPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  useQuickIntent(data.intentQuick, '/alerts/hotels')
  // After a refused post, the form as it was sent; else as the address has it.
  const shown = actionData && 'draft' in actionData ? actionData : data

  const hotel = useHotelDraft(
    shown.draft,
    { resortId: shown.draft.resortId, rooms: shown.rooms, otherRooms: shown.otherRooms },
    (id) => data.resorts.find((item) => item.id === id)?.locationIdentifier,
  )
  const { draft, update, changeParty } = hotel

  const { resort, destination, minDate, form, errorOf, prepare } = useHotelPageForm({
    id: 'hotel-alert',
    lastResult: actionData?.result,
    resorts: data.resorts,
    resortId: draft.resortId,
    schemaFor: hotelPageSchema,
  })

  const missing = requiredFieldsMessage(
    missingHotelParts({
      resortId: draft.resortId,
      checkInDate: draft.checkInDate,
      checkOutDate: stayEndOf(draft),
      numberOfAdults: draft.adults,
      agesOfChildren: draft.childAges,
      roomIds: draft.anyRoom ? [ANY_ROOM] : draft.roomIds,
    }),
  )
  const cost = hotelDraftCost(draft)
  const submitting = navigation.state === 'submitting' && navigation.formMethod === 'POST'

  return (
    <AlertPageLayout
      crumb={data.editing ? EDITING_PAGE.hotel.crumb : 'Hotel Alerts'}
      title={data.editing ? EDITING_PAGE.hotel.title : 'Disney Hotel Alerts'}
      intro={
        data.editing
          ? EDITING_PAGE.intro
          : 'Sold out at the resort you want? Tell us your dates, your party and the rooms you would take. We check for cancellations and text you the moment one matches.'
      }
      sidebar={<HotelSidebar />}
      footer={data.editing ? null : <HotelFormGuide guide={data.guide} />}
    >
      <Form
        method="post"
        {...getFormProps(form)}
        onFocus={prepare}
        onSubmit={(event) => {
          if (!data.signedIn && resort) rememberHotelDraft(resort, draft)
          form.onSubmit(event)
        }}
        className="space-y-6"
      >
        <ResortSection title="Select Resort" page={data} hotel={hotel} errorOf={errorOf} />

        <FormSection
          title="Dates"
          id="dates-heading"
          error={errorOf('checkInDate', 'checkOutDate', 'lengthOfStay')}
        >
          <StayWindowFields
            idPrefix="hotel"
            stay={draft}
            minDate={minDate}
            onChange={hydrated ? update : undefined}
            errors={{
              latestCheckInDate: errorOf('latestCheckInDate'),
              nights: errorOf('minNights', 'maxNights'),
            }}
          />
        </FormSection>

        <PartySection
          idPrefix="hotel"
          party={draft}
          onChange={changeParty}
          error={errorOf('numberOfAdults', 'agesOfChildren', 'numberOfChildren')}
          ageErrors={Boolean(form.errors?.length)}
          accessibleLabel="I need accessible rooms only"
        />

        <FormSection title="Room Types" id="rooms-heading" error={errorOf('roomIds')}>
          {draft.resortId ? (
            <ResortRoomsField
              name="roomIds"
              resort={draft}
              rooms={hotel.ownRooms}
              onChange={update}
            />
          ) : (
            <p className="text-sm text-slate-500">Select a resort to see its room types.</p>
          )}
          <SplitStaysField
            id="hotel-split-stays"
            checked={draft.splitStays}
            onChange={(splitStays) => update({ splitStays })}
            error={errorOf('splitStays')}
          />
        </FormSection>

        {resort && (
          <FormSection title="Also Watch" id="also-watch-heading">
            <p className="mb-4 text-sm text-slate-600">
              {`Other resorts at ${destination.display} to check for the same stay and party.`}
            </p>
            <OtherResorts
              idPrefix="hotel"
              draft={draft}
              choices={data.resorts.filter(
                (item) =>
                  item.locationIdentifier === resort.locationIdentifier && item.id !== resort.id,
              )}
              roomsOf={hotel.roomsOf}
              onChange={(otherResorts) => update({ otherResorts })}
              errorOf={errorOf}
            />
          </FormSection>
        )}

        <FormSection title="Price Ceiling" id="price-ceiling-heading">
          <PriceCeilingField
            idPrefix="hotel"
            names={{ priceCeiling: 'priceCeiling', maxPrice: 'maxPrice' }}
            value={draft}
            onChange={update}
            error={errorOf('maxPrice', 'priceCeiling')}
          />
        </FormSection>

        <FormSection title="After a text" id="after-text-heading" error={errorOf('keepWatching')}>
          <KeepWatchingField
            name="keepWatching"
            value={draft.keepWatching}
            onChange={(keepWatching) => update({ keepWatching })}
            style="form"
          />
        </FormSection>

        <ClientSection choice={shown.clientChoice} errorOf={errorOf} />

        <SubmitArea
          errors={form.errors}
          {...refusalOf(actionData)}
          editing={data.editing}
          status={<StayCount cost={cost} said={shown.coverage} />}
          label="Start Disney Hotel Alerts"
          disabled={
            submitting || (hydrated && (Boolean(missing) || Boolean(cost && isTooWide(cost))))
          }
          submitting={submitting}
          tipsHref="/blog/tags/disney-hotel-alerts"
          missing={hydrated ? missing : null}
          signedIn={data.signedIn}
          signedInNote="We'll notify you when a room opens up; you book directly with Disney."
        />
      </Form>
    </AlertPageLayout>
  )
}

/** The form's schema for a day, with zod: loaded on a field's first focus, not with the page. */
const hotelPageSchema = (minDate: string) =>
  import('~/components/alert-form/validators').then((m) => m.validateHotelPage(minDate))
