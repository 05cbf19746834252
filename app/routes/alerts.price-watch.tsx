import { getFormProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { preloadCalendarStyles } from '~/components/alert-form/calendar'
import { ResortSection } from '~/components/alert-form/choice-list'
import { ClientSection } from '~/components/alert-form/client-fields'
import { FormSection } from '~/components/alert-form/field'
import { AlertPageLayout, refusalOf, SubmitArea } from '~/components/alert-form/page-chrome'
import { PartySection } from '~/components/alert-form/party-fields'
import {
  BookedRoomField,
  PriceWatchSidebar,
  readPriceWatchDraft,
  WhatYouPaidFields,
  type PriceWatchDraft,
} from '~/components/alert-form/price-watch-fields'
import { StayDates } from '~/components/alert-form/stay-dates'
import { useHotelDraft } from '~/components/alert-form/use-hotel-draft'
import { useHotelPageForm } from '~/components/alert-form/use-hotel-page-form'
import { EDIT_FIELD } from '~/domain/alert-drafts'
import { toCatalogueChoice } from '~/domain/catalogue-choices'
import { todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { missingHotelParts, requiredFieldsMessage } from '~/domain/hotel-alert'
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

export { ResortListError as ErrorBoundary } from '~/components/alert-form/page-chrome'

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
  const { minDate, form, errorOf, prepare } = useHotelPageForm({
    id: 'price-watch',
    lastResult: actionData?.result,
    resorts: data.resorts,
    resortId: draft.resortId,
    schemaFor: priceWatchSchema,
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
        onFocus={prepare}
        onSubmit={form.onSubmit}
        className="space-y-6"
      >
        <ResortSection title="Resort" page={data} hotel={hotel} errorOf={errorOf} />

        <FormSection
          title="Your Stay"
          id="dates-heading"
          error={errorOf('checkInDate', 'checkOutDate')}
        >
          <StayDates
            idPrefix="price-watch"
            stay={draft}
            minDate={minDate}
            onChange={hydrated ? update : undefined}
          />
        </FormSection>

        <PartySection
          idPrefix="price-watch"
          party={draft}
          onChange={changeParty}
          error={errorOf('numberOfAdults', 'numberOfChildren', 'agesOfChildren')}
          ageErrors={Boolean(errorOf('agesOfChildren'))}
          accessibleLabel="I booked an accessible room"
        />

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

        <SubmitArea
          errors={form.errors}
          {...refusalOf(actionData)}
          editing={data.editing}
          label="Start Price Watch"
          busyText="Creating Watch..."
          disabled={submitting || (hydrated && Boolean(missing))}
          submitting={submitting}
          missing={hydrated ? missing : null}
          signedIn={data.signedIn}
          signedInNote="We'll text you when the price drops; you change your booking yourself with Disney."
          signedOutNote="You'll be asked to create an account, then we'll set up your watch."
        />
      </Form>
    </AlertPageLayout>
  )
}

/** The form's schema for a day, with zod: loaded on a field's first focus, not with the page. */
const priceWatchSchema = (minDate: string) =>
  import('~/domain/price-watch-form').then((m) => m.parsePriceWatchForm(minDate))
