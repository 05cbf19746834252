import { getFormProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useCallback } from 'react'
import { preloadCalendarStyles } from '~/components/alert-form/calendar-styles'
import { ChoiceList } from '~/components/alert-form/choice-list'
import { ClientSection } from '~/components/alert-form/client-fields'
import { AlertSaveError, FormSection, secondaryButton } from '~/components/alert-form/field'
import { AlertPageLayout, PageLoadError } from '~/components/alert-form/page-chrome'
import { PartyFields } from '~/components/alert-form/party-fields'
import {
  BookedRoomField,
  BookedStayDates,
  PriceWatchSidebar,
  readPriceWatchDraft,
  WhatYouPaidFields,
  type PriceWatchDraft,
} from '~/components/alert-form/price-watch-fields'
import { useHotelDraft } from '~/components/alert-form/use-hotel-draft'
import { StatusButton } from '~/components/ui/button'
import { EDIT_FIELD } from '~/domain/alert-drafts'
import { toCatalogueChoice } from '~/domain/catalogue-choices'
import { todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { missingHotelParts, requiredFieldsMessage } from '~/domain/hotel-alert'
import { useDeferredValidation } from '~/hooks/use-deferred-validation'
import { useHydrated } from '~/hooks/use-hydrated'
import { isOwnAlert } from '~/models/alert-rules.server'
import { alertClientChoice, keptClient } from '~/models/client.server'
import {
  findResort,
  listRoomTypes,
  listSoldResorts,
  toRoomTypeJson,
} from '~/models/catalogue.server'
import { listHotelAlerts } from '~/models/hotel-alert.server'
import { priceWatchEditHref } from '~/domain/price-watch-link'
import { saveHotelFromPage } from '~/services/alert-page.server'
import { getDb } from '~/utils/db.server'
import { readFormData } from '~/utils/http.server'
import { pageMeta, privateMeta } from '~/utils/seo'
import { getUser } from '~/utils/session.server'

/*
 * "I already booked" (issue 30): a watch on a stay booked with Disney, which texts when today's
 * price of the same room and stay drops by the saving chosen or a discount appears. It is a hotel
 * alert with `watch: "price"`, made as the hotel page makes one: a visitor's waits in a draft
 * through login. An alert that found a room links here with the stay filled in:
 * ?resortId&roomId&checkInDate&checkOutDate&adults&childAges=4,9&accessible=true. The
 * dashboard's Edit of a watch links here with its fields and its id in EDIT_FIELD
 * (priceWatchEditHref), with JavaScript too: the hotel form and wizard have no watch in them.
 */

export const links = preloadCalendarStyles

/** What the page says while it changes a watch rather than making one. */
const EDITING_WATCH = {
  title: 'Edit Price Watch',
  intro:
    'Change the stay, what you paid or the saving worth a text. The watch keeps running or paused as it was, and starts over from what you now say you paid.',
} as const

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data?.editing
    ? privateMeta(EDITING_WATCH.title)
    : pageMeta(args, {
        title: 'Disney Price Watch: a text when the price of your booked stay drops',
        description:
          'Booked a Walt Disney World or Disneyland Resort hotel? Tell us the stay and what you paid. We text you when the price drops or a discount appears. Not affiliated with Disney.',
      })

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const db = getDb()
  const [user, offered] = await Promise.all([getUser(request), listSoldResorts(db)])
  const draft = readPriceWatchDraft(params)
  const changing = params.get('change') === 'resortId'
  // The dashboard's Edit: the watch's fields come in the link, its id in edit.
  const editId = params.get(EDIT_FIELD)
  const editing = user && (await isOwnAlert(db, user.id, 'hotel', editId)) ? editId : null
  // A link with the id alone (the hotel form's, for a watch): the watch's fields fill it in.
  if (editing && !params.has('resortId')) {
    const [watch] = await listHotelAlerts(db, user!.id, [editing])
    if (watch && 'watch' in watch && watch.watch === 'price')
      throw redirect(priceWatchEditHref(watch))
  }
  const current = editing ? await keptClient(db, 'hotelAlerts', user!.id, editing) : null
  return json({
    signedIn: Boolean(user),
    editing,
    q: changing ? '' : (params.get('q') ?? ''),
    resorts: offered.map(toCatalogueChoice),
    // Without JavaScript, Update room types sends the client fields back in the address.
    clientChoice: await alertClientChoice(db, user?.id, current, params),
    ...(await pageDraft(
      offered,
      changing ? { ...draft, stay: { ...draft.stay, resortId: null } } : draft,
    )),
  })
}

/**
 * The draft as the page shows it: its resort only if one the form offers, its room type only if
 * one of that resort's, with the resort's room types for the page without JavaScript.
 */
async function pageDraft(
  offered: Awaited<ReturnType<typeof listSoldResorts>>,
  posted: PriceWatchDraft,
) {
  const resort = offered.find((item) => item.id === posted.stay.resortId)
  const rooms = resort ? (await listRoomTypes(getDb(), resort.id)).map(toRoomTypeJson) : []
  const roomIds = posted.stay.roomIds.filter((id) => rooms.some((room) => room.id === id))
  return {
    draft: { ...posted, stay: { ...posted.stay, resortId: resort?.id ?? null, roomIds } },
    rooms,
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const posted = readPriceWatchDraft(formData)
  const db = getDb()
  const resort = posted.stay.resortId ? await findResort(db, posted.stay.resortId) : undefined
  const timeZone = findDestination(resort?.locationIdentifier)?.timeZone ?? 'America/Los_Angeles'
  // Imported here, not at the top: the page's own imports stay free of zod (decision 0012).
  const form = await import('~/domain/price-watch-form')
  const submission = form.parsePriceWatchForm(todayIn(timeZone))(formData)
  // The form again as it was sent, for the page to show with its errors.
  const sent = async () => ({
    ...(await pageDraft(await listSoldResorts(db), posted)),
    clientChoice: await alertClientChoice(db, (await getUser(request))?.id, null, formData),
  })
  return saveHotelFromPage(request, formData, submission, {
    clientIp: context.clientIp,
    watch: 'price',
    sent,
    // A refusal of the model beside the field it names (the catalogue's), else above the button.
    fieldOf: (field) => (field ? form.formFieldOf(field.split('.')) : null),
  })
}

/** The page cannot do anything without the resort list. */
export function ErrorBoundary() {
  return <PageLoadError message="Failed to load resorts. Please try again." />
}

export default function PriceWatchPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  // After a refused post, the form as it was sent; else as the address has it.
  const shown = actionData ?? data

  const hotel = useHotelDraft(shown.draft.stay, {
    resortId: shown.draft.stay.resortId,
    rooms: shown.rooms,
  })
  const { draft, update, changeParty } = hotel
  const resort = data.resorts.find((item) => item.id === draft.resortId)
  const destination = findDestination(resort?.locationIdentifier ?? 'disneyland')!
  const minDate = todayIn(destination.timeZone)

  const validation = useDeferredValidation(
    useCallback(
      () => import('~/domain/price-watch-form').then((m) => m.parsePriceWatchForm(minDate)),
      [minDate],
    ),
  )
  const [form] = useForm({
    id: 'price-watch',
    lastResult: actionData?.result,
    onValidate: validation.onValidate,
    shouldValidate: 'onSubmit',
  })
  const errorOf = (...names: string[]) =>
    names.map((name) => form.allErrors[name]?.[0]).find(Boolean)

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
  const code = actionData && 'code' in actionData ? actionData.code : undefined
  const alertId = actionData && 'alertId' in actionData ? actionData.alertId : undefined

  return (
    <AlertPageLayout
      crumb={data.editing ? EDITING_WATCH.title : 'Price Watch'}
      title={data.editing ? EDITING_WATCH.title : 'Watch the Price of a Stay You Booked'}
      intro={
        data.editing
          ? EDITING_WATCH.intro
          : "Already booked a Disney resort? Tell us the stay and what you paid. We check Disney's price for the same room and dates, and text you when it drops or a discount appears."
      }
      sidebar={<PriceWatchSidebar />}
    >
      <Form
        method="post"
        {...getFormProps(form)}
        onFocus={validation.prepare}
        onSubmit={form.onSubmit}
        className="space-y-6"
      >
        <FormSection title="Resort" id="resort-heading" error={errorOf('resortId')}>
          <ChoiceList
            name="resortId"
            searchName="q"
            label="Search resorts"
            choices={data.resorts}
            selectedId={draft.resortId}
            onSelect={hotel.selectResort}
            initialSearch={data.q}
            countText={(count) => `${count} resort(s) found`}
            emptyText="No resorts available"
            noMatchText={() => 'No resorts match'}
          />
        </FormSection>

        <FormSection
          title="Your Stay"
          id="dates-heading"
          error={errorOf('checkInDate', 'checkOutDate')}
        >
          <BookedStayDates
            stay={draft}
            minDate={minDate}
            onChange={hydrated ? update : undefined}
          />
        </FormSection>

        <FormSection
          title="Party Size"
          id="party-heading"
          error={errorOf('numberOfAdults', 'numberOfChildren', 'agesOfChildren')}
        >
          <PartyFields
            idPrefix="price-watch"
            adults={draft.adults}
            childAges={draft.childAges}
            onChange={changeParty}
            ageErrors={Boolean(errorOf('agesOfChildren'))}
          />
          <label className="mt-4 flex items-center gap-3 text-sm text-slate-700">
            <input
              type="checkbox"
              name="accessible"
              checked={draft.accessible}
              onChange={(event) => changeParty({ accessible: event.currentTarget.checked })}
            />
            I booked an accessible room
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

        <FormSection title="Room Type" id="room-heading">
          {draft.resortId ? (
            <BookedRoomField
              rooms={hotel.ownRooms}
              roomId={draft.roomIds[0] ?? ''}
              onChange={(roomId) => update({ roomIds: roomId ? [roomId] : [] })}
              error={errorOf('roomId')}
            />
          ) : (
            <p className="text-sm text-slate-500">Select a resort to see its room types.</p>
          )}
        </FormSection>

        <FormSection title="What You Paid" id="paid-heading">
          <WhatYouPaidFields draft={shown.draft} errorOf={errorOf} />
        </FormSection>

        <ClientSection choice={shown.clientChoice} errorOf={errorOf} />

        <div className="space-y-3">
          {form.errors?.map((error) => (
            <AlertSaveError key={error} message={error} code={code} alertId={alertId} />
          ))}
          {data.editing && <input type="hidden" name={EDIT_FIELD} value={data.editing} />}
          <div className="flex flex-wrap items-center gap-4">
            <StatusButton
              busy={submitting}
              busyText={data.editing ? 'Saving...' : 'Creating Watch...'}
              disabled={submitting || (hydrated && Boolean(missing))}
              size="lg"
              className="shadow"
            >
              {data.editing ? 'Save Changes' : 'Start Price Watch'}
            </StatusButton>
            {data.editing && (
              <Link
                to="/dashboard"
                className="text-brand-700 text-sm font-semibold hover:underline"
              >
                Back to Dashboard
              </Link>
            )}
          </div>
          {hydrated && missing && <p className="text-sm text-slate-500">{missing}</p>}
          <p className="text-sm text-slate-500">
            {data.signedIn
              ? "We'll text you when the price drops; you change your booking yourself with Disney."
              : "You'll be asked to create an account, then we'll set up your watch."}
          </p>
        </div>
      </Form>
    </AlertPageLayout>
  )
}
