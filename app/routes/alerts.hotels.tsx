import { getFormProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useCallback } from 'react'
import { preloadCalendarStyles } from '~/components/alert-form/calendar-styles'
import { DateInput, DateRangeCalendar } from '~/components/alert-form/calendar'
import { ChoiceList } from '~/components/alert-form/choice-list'
import { FormSection, secondaryButton } from '~/components/alert-form/field'
import { KeepWatchingField } from '~/components/alert-form/keep-watching-field'
import {
  AlertPageLayout,
  EDITING_PAGE,
  PageLoadError,
  SubmitArea,
  useQuickIntent,
} from '~/components/alert-form/page-chrome'
import { PartyFields } from '~/components/alert-form/party-fields'
import { rememberHotelDraft } from '~/components/alert-form/remember-draft'
import { RoomTypePicker } from '~/components/alert-form/room-type-picker'
import { HotelSidebar } from '~/components/alert-form/sidebars'
import { HOTEL_FORM_FAQ, HotelFormGuide } from '~/components/alert-form/hotel-guide'
import { faqPage } from '~/domain/structured-data'
import { useHotelDraft } from '~/components/alert-form/use-hotel-draft'
import { EDIT_FIELD, findLinkedResort, readHotelDraft } from '~/domain/alert-drafts'
import { toCatalogueChoice } from '~/domain/catalogue-choices'
import { todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { HOTEL_MESSAGES, missingHotelParts, requiredFieldsMessage } from '~/domain/hotel-alert'
import { readIntent } from '~/domain/redirects'
import { useDeferredValidation } from '~/hooks/use-deferred-validation'
import { useHydrated } from '~/hooks/use-hydrated'
import {
  findResort,
  listSoldResorts,
  listRoomTypes,
  toRoomTypeJson,
} from '~/models/catalogue.server'
import { isOwnAlert } from '~/models/alert-rules.server'
import { checkHotelAlert, createHotelAlert, updateHotelAlert } from '~/models/hotel-alert.server'
import { getDb } from '~/utils/db.server'
import { parseHotelPage, saveAlertFromPage } from '~/services/alert-page.server'
import { replyWithError } from '~/utils/errors.server'
import { getUser } from '~/utils/session.server'
import { readFormData } from '~/utils/http.server'
import { pageMeta } from '~/utils/seo'

export const links = preloadCalendarStyles

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Disney Hotel Alerts: get a text when a sold-out resort opens up',
    description:
      'Pick a Walt Disney World or Disneyland Resort hotel, your dates and your party. We text you when a matching room opens up.',
    structuredData: [faqPage(HOTEL_FORM_FAQ)],
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
  const rooms = resortId ? (await listRoomTypes(db, resortId)).map(toRoomTypeJson) : []
  // The dashboard's Edit without JavaScript: the alert's fields come in the link, its id in edit.
  const editId = params.get(EDIT_FIELD)
  const editing = user && (await isOwnAlert(db, user.id, 'hotel', editId)) ? editId : null

  return json({
    signedIn: Boolean(user),
    editing,
    intentQuick: readIntent(params.get('intent')) === 'quick',
    q: changing ? '' : (params.get('q') ?? ''),
    resorts: offered.map(toCatalogueChoice),
    draft: { ...draft, resortId, roomIds: resortId === draft.resortId ? draft.roomIds : [] },
    rooms,
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const draft = readHotelDraft(formData)
  const resort = draft.resortId ? await findResort(getDb(), draft.resortId) : undefined
  const timeZone = findDestination(resort?.locationIdentifier)?.timeZone ?? 'America/Los_Angeles'
  const submission = parseHotelPage(formData, todayIn(timeZone))
  if (submission.status !== 'success') {
    return json({ result: submission.reply(), draft }, { status: 400 })
  }
  const editId = formData.get(EDIT_FIELD)
  const outcome = await saveAlertFromPage(request, {
    kind: 'hotel',
    value: submission.value,
    check: () => checkHotelAlert(getDb(), submission.value),
    create: (userId) => createHotelAlert(getDb(), userId, submission.value),
    edit:
      typeof editId === 'string'
        ? {
            id: editId,
            update: (userId, id) => updateHotelAlert(getDb(), userId, id, submission.value),
            failedMessage: HOTEL_MESSAGES.updateFailed,
          }
        : undefined,
    clientIp: context.clientIp,
    afterLogin: '/dashboard?newAlert=hotel',
    failedMessage: HOTEL_MESSAGES.createFailed,
  })
  if (outcome instanceof Response) return outcome
  return json(
    // Shown above the submit button, as the page's fields are checked before saving.
    {
      result: replyWithError(submission, outcome, null),
      draft,
      code: outcome.code,
      alertId: outcome.alertId,
    },
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

  const validation = useDeferredValidation(
    useCallback(
      () => import('~/components/alert-form/validators').then((m) => m.validateHotelPage(minDate)),
      [minDate],
    ),
  )
  const [form, fields] = useForm({
    id: 'hotel-alert',
    lastResult: actionData?.result,
    onValidate: validation.onValidate,
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
      footer={data.editing ? null : <HotelFormGuide resorts={data.resorts} />}
    >
      <Form
        method="post"
        {...getFormProps(form)}
        onFocus={validation.prepare}
        onSubmit={(event) => {
          if (!data.signedIn && resort) rememberHotelDraft(resort, draft)
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
              <DateInput
                label="Check-in"
                name="checkInDate"
                min={minDate}
                defaultValue={draft.checkInDate}
              />
              <DateInput
                label="Check-out"
                name="checkOutDate"
                min={minDate}
                defaultValue={draft.checkOutDate}
              />
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

        <FormSection
          title="After a text"
          id="after-text-heading"
          error={fieldError('keepWatching')}
        >
          <KeepWatchingField
            name="keepWatching"
            value={draft.keepWatching}
            onChange={(keepWatching) => update({ keepWatching })}
            style="form"
          />
        </FormSection>

        <SubmitArea
          errors={form.errors}
          code={actionData && 'code' in actionData ? actionData.code : undefined}
          alertId={actionData && 'alertId' in actionData ? actionData.alertId : undefined}
          editing={data.editing}
          label="Start Disney Hotel Alerts"
          disabled={submitting || (hydrated && Boolean(missing))}
          submitting={submitting}
          tipsHref="/blog/tags/disney-hotel-alerts"
          missing={hydrated ? missing : null}
          signedIn={data.signedIn}
          opening="room"
        />
      </Form>
    </AlertPageLayout>
  )
}
