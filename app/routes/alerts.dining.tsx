import { getFormProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSubmit,
} from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { preloadCalendarStyles } from '~/components/alert-form/calendar'
import { DiningCoverageNote } from '~/components/alert-form/dining-coverage-note'
import { DiningDatesField } from '~/components/alert-form/date-range-fields'
import { DiningPartyInput } from '~/components/alert-form/dining-party-input'
import { AgentBanner } from '~/components/alert-form/agent-banner'
import { ClientSection } from '~/components/alert-form/client-fields'
import { FormSection } from '~/components/alert-form/field'
import {
  AlertPageLayout,
  EDITING_PAGE,
  refusalOf,
  SubmitArea,
  useQuickIntent,
} from '~/components/alert-form/page-chrome'
import { rememberDiningDraft } from '~/components/alert-form/remember-dining-draft'
import { addingAnother, RestaurantChoices } from '~/components/alert-form/restaurant-choices'
import { DiningSidebar } from '~/components/alert-form/dining-sidebar'
import { TimePreferenceField } from '~/components/alert-form/time-preference'
import { EDIT_FIELD } from '~/domain/alert-drafts'
import { dateFieldsOf, readDiningDraft, type DiningDraft } from '~/domain/dining-drafts'
import { todayIn } from '~/domain/dates'
import { DESTINATIONS, findDestination } from '~/domain/destinations'
import { readIntent } from '~/domain/redirects'
import { useDeferredValidation } from '~/hooks/use-deferred-validation'
import { useHydrated } from '~/hooks/use-hydrated'
import { isOwnAlert } from '~/models/alert-rules.server'
import { listDiningLocations } from '~/models/catalogue.server'
import { alertClientChoice, keptClient } from '~/models/client.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { restoredDiningDraft } from '~/services/pending-alerts.server'
import { saveDiningFromPage } from '~/services/dining-page.server'
import { getUser } from '~/utils/session.server'
import { readFormData } from '~/utils/http.server'
import { pageMeta } from '~/utils/seo'

export const links = preloadCalendarStyles

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Disney Dining Alerts: get a text when a reservation opens up',
    description:
      'Pick Disney restaurants, dates, your party size and a meal or time. We text you the moment a table opens up. Not affiliated with Disney.',
  })

/** Restaurants shown at once while searching (catalogue §9). */
const SHOWN_RESTAURANTS = 20
/** After sign-in the restored form sends itself after this pause, so the person sees it first. */
const RESTORE_SUBMIT_DELAY_MS = 1000

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const user = await getUser(request)
  const restore = params.get('restore') === '1'
  const restored = restore ? await restoredDiningDraft(request) : null
  // The page form watches Disneyland Resort unless told otherwise (catalogue §2).
  const draft = restored ?? readDiningDraft(params, 'disneyland')
  // Without JavaScript, removing a restaurant or leaving a list of dates for a range is a GET.
  const removed = params.get('remove')
  if (params.get('change') === 'reserveDates')
    Object.assign(draft, dateFieldsOf(draft.reserveDates.slice(0, 1)))
  // A restaurant list that fails to load shows as empty (catalogue §8), not as an error page.
  const restaurants = await listDiningLocations(getDb(), draft.resortLocationIdentifier).catch(
    (error: unknown) => {
      getLogger().error({ err: error }, 'restaurants failed to load')
      return []
    },
  )
  draft.diningLocationIds = draft.diningLocationIds.filter(
    (id) => id !== removed && restaurants.some((restaurant) => restaurant.id === id),
  )
  // The dashboard's Edit without JavaScript: the alert's fields come in the link, its id in edit.
  const editId = params.get(EDIT_FIELD)
  const editing = user && (await isOwnAlert(getDb(), user.id, 'dining', editId)) ? editId : null
  const current = editing ? await keptClient(getDb(), 'diningAlerts', user!.id, editing) : null
  return json({
    signedIn: Boolean(user),
    editing,
    intent: readIntent(params.get('intent')),
    autoSubmit: Boolean(restored && user),
    q: params.get('q') ?? '',
    adding: addingAnother(params, draft.diningLocationIds),
    draft,
    restaurants: restaurants.map((restaurant) => ({
      id: restaurant.id,
      name: restaurant.name,
      detail: `${restaurant.area} · ${restaurant.cuisine}`,
    })),
    // Without JavaScript, a change of restaurants or dates sends the client fields back too.
    clientChoice: await alertClientChoice(getDb(), user?.id, current, params),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  return saveDiningFromPage(request, await readFormData(request), context.clientIp)
}

export default function DiningAlertPage() {
  const data = useLoaderData<typeof loader>()
  // Switching destination loads its restaurants and starts the form afresh.
  return <DiningAlertForm key={data.draft.resortLocationIdentifier} />
}

function DiningAlertForm() {
  const data = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const formRef = useRef<HTMLFormElement>(null)
  useQuickIntent(data.intent === 'quick', '/alerts/dining')

  const [draft, setDraft] = useState<DiningDraft>(actionData?.draft ?? data.draft)
  const destination = findDestination(draft.resortLocationIdentifier)!
  const minDate = todayIn(destination.timeZone)
  const validation = useDeferredValidation(
    useCallback(
      () => import('~/components/alert-form/validators').then((m) => m.validateDiningPage(minDate)),
      [minDate],
    ),
  )
  const [form, fields] = useForm({
    id: 'dining-alert',
    lastResult: actionData?.result,
    onValidate: validation.onValidate,
    shouldValidate: 'onSubmit',
  })

  useEffect(() => {
    if (!data.autoSubmit || !formRef.current) return
    const form = formRef.current
    const timer = setTimeout(() => submit(form), RESTORE_SUBMIT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [data.autoSubmit, submit])

  const complete = Boolean(
    draft.diningLocationIds.length &&
    (draft.reserveDate || draft.reserveDates.length) &&
    draft.partySize,
  )
  const submitting = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  const update = (changes: Partial<DiningDraft>) =>
    setDraft((current) => ({ ...current, ...changes }))
  const fieldError = (name: keyof typeof fields) => fields[name].errors?.[0]

  return (
    <AlertPageLayout
      crumb={data.editing ? EDITING_PAGE.dining.crumb : 'Dining Alerts'}
      title={data.editing ? EDITING_PAGE.dining.title : `${destination.display} Dining Alerts`}
      intro={
        data.editing
          ? EDITING_PAGE.intro
          : 'Booked up everywhere? Pick the restaurants, the dates, your party and a meal or time. We watch for cancellations, which spike 1 to 3 days before the date, and text you the moment a table opens.'
      }
      banner={<AgentBanner intentPro={data.intent === 'pro'} />}
      sidebar={<DiningSidebar />}
    >
      <Form
        method="post"
        ref={formRef}
        {...getFormProps(form)}
        onFocus={validation.prepare}
        onSubmit={(event) => {
          if (!data.signedIn) rememberDiningDraft(draft, data.restaurants)
          form.onSubmit(event)
        }}
        className="space-y-6"
      >
        {draft.pendingId && <input type="hidden" name="pendingId" value={draft.pendingId} />}
        <FormSection
          title="Select Restaurants"
          id="restaurant-heading"
          error={fieldError('diningLocationIds')}
          aside={
            <fieldset className="flex gap-1 text-sm">
              <legend className="sr-only">Destination</legend>
              {DESTINATIONS.map((item) => (
                <label key={item.identifier}>
                  <input
                    type="radio"
                    name="resortLocationIdentifier"
                    value={item.identifier}
                    checked={draft.resortLocationIdentifier === item.identifier}
                    onChange={() =>
                      navigate(`/alerts/dining?location=${item.identifier}`, { replace: true })
                    }
                    className="peer sr-only"
                  />
                  <span className="peer-checked:bg-brand-100 peer-checked:text-brand-800 cursor-pointer rounded-md px-2 py-1 text-slate-600 peer-checked:font-semibold">
                    {item.shortName}
                  </span>
                </label>
              ))}
            </fieldset>
          }
        >
          <RestaurantChoices
            choices={data.restaurants}
            chosenIds={draft.diningLocationIds}
            onChange={(diningLocationIds) => update({ diningLocationIds })}
            initialAdding={data.adding}
            initialSearch={data.q}
            searchName="q"
            limit={SHOWN_RESTAURANTS}
            emptyText="No restaurants available"
          />
        </FormSection>

        <FormSection
          title="When"
          id="date-heading"
          error={
            fieldError('reserveDate') ??
            fieldError('latestReserveDate') ??
            fieldError('reserveDates')
          }
        >
          <DiningDatesField
            idPrefix="dining"
            minDate={minDate}
            value={draft}
            onChange={(dates) => update(dates)}
          />
        </FormSection>

        <FormSection title="Party Size" id="party-heading" error={fieldError('partySize')}>
          <label htmlFor="dining-party" className="sr-only">
            Party Size
          </label>
          <DiningPartyInput
            id="dining-party"
            name="partySize"
            value={draft.partySize}
            onChange={(partySize) => update({ partySize })}
          />
        </FormSection>

        <FormSection
          title="Preferred Time"
          id="time-heading"
          error={fieldError('specificTime') ?? fieldError('mealPeriods')}
        >
          <TimePreferenceField
            idPrefix="dining"
            value={draft}
            onChange={(time) => update(time)}
            style="form"
          />
        </FormSection>

        <DiningCoverageNote alert={draft} />

        <ClientSection
          choice={actionData?.clientChoice ?? data.clientChoice}
          errorOf={(name) => form.allErrors[name]?.[0]}
        />

        <SubmitArea
          errors={form.errors}
          {...refusalOf(actionData)}
          editing={data.editing}
          status={
            data.autoSubmit &&
            !actionData && (
              <p role="status" className="text-sm text-slate-600">
                Welcome back: we restored your alert and are setting it up now.
              </p>
            )
          }
          label="Start Dining Alerts"
          disabled={submitting || (hydrated && !complete)}
          submitting={submitting}
          tipsHref="/blog/tags/dining-alerts"
          missing={hydrated && !complete ? 'Complete all fields' : null}
          signedIn={data.signedIn}
          signedInNote="We'll notify you when a table opens up; you book directly with Disney."
        />
      </Form>
    </AlertPageLayout>
  )
}
