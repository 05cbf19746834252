import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { json } from '@remix-run/node'
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSubmit,
} from '@remix-run/react'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import dayPickerStyles from 'react-day-picker/style.css'
import { SingleDateCalendar } from '~/components/alert-form/calendar'
import { ChoiceList } from '~/components/alert-form/choice-list'
import { AlertSaveError, FormSection } from '~/components/alert-form/field'
import {
  AlertPageLayout,
  SidebarCard,
  SubmitHelp,
  useQuickIntent,
} from '~/components/alert-form/page-chrome'
import { TimePreferenceField, type TimeFields } from '~/components/alert-form/time-preference'
import { isIsoDate, todayIn } from '~/domain/dates'
import { DESTINATIONS, findDestination, type DestinationId } from '~/domain/destinations'
import {
  DINING_MESSAGES,
  DINING_PARTY,
  diningFormSchema,
  FORM_TOLERANCES,
  fromDiningTimes,
} from '~/domain/dining-alert'
import { readIntent } from '~/domain/redirects'
import { useHydrated } from '~/hooks/use-hydrated'
import { listDiningLocations } from '~/models/catalogue.server'
import { createDiningAlert } from '~/models/dining-alert.server'
import { claimPendingAlerts, findPendingAlert } from '~/models/pending-alert.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { saveAlertFromPage } from '~/utils/alert-page.server'
import { readPendingIds } from '~/utils/pending-alerts.server'
import { getUser } from '~/utils/session.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: dayPickerStyles }]

export const meta: MetaFunction = () => [
  { title: 'Disney Dining Alerts: get a text when a reservation opens up' },
  {
    name: 'description',
    content:
      'Pick a Disney restaurant, a date, your party size and a time. We text you the moment a table opens up. Not affiliated with Disney.',
  },
]

/** Restaurants shown at once while searching (catalogue §9). */
const SHOWN_RESTAURANTS = 20
/** After sign-in the restored form sends itself after this pause, so the person sees it first. */
const RESTORE_SUBMIT_DELAY_MS = 1000

interface DiningDraft extends TimeFields {
  resortLocationIdentifier: DestinationId
  diningLocationId: string | null
  reserveDate: string
  partySize: number
  pendingId?: string
}

function readDraft(
  source: URLSearchParams | FormData,
  fallbackDestination: DestinationId,
): DiningDraft {
  const text = (key: string) => {
    const value = source.get(key)
    return typeof value === 'string' ? value : ''
  }
  const party = Number(text('partySize'))
  const choice = text('timeChoice')
  return {
    resortLocationIdentifier:
      findDestination(text('resortLocationIdentifier') || text('location'))?.identifier ??
      fallbackDestination,
    diningLocationId: text('diningLocationId') || null,
    reserveDate: isIsoDate(text('reserveDate')) ? text('reserveDate') : '',
    partySize:
      Number.isInteger(party) && party >= DINING_PARTY.min && party <= DINING_PARTY.max
        ? party
        : DINING_PARTY.default,
    timeChoice:
      (['all-day', 'breakfast', 'lunch', 'dinner', 'time'] as const).find(
        (value) => value === choice,
      ) ?? 'all-day',
    specificTime: text('specificTime'),
    tolerance: Number(text('tolerance')) || 0,
  }
}

/** The draft saved before sign-in, for ?restore=1: the newest dining draft of this browser. */
async function restoredDraft(request: Request): Promise<DiningDraft | null> {
  for (const id of (await readPendingIds(request)).reverse()) {
    const pending = await findPendingAlert(getDb(), id)
    if (pending?.kind !== 'dining') continue
    const saved = pending.payload as Record<string, string | number | null>
    const preference = fromDiningTimes({
      preferredTime: (saved.preferredTime as string | null) ?? null,
      timeRangeStart: (saved.timeRangeStart as string | null) ?? null,
      timeRangeEnd: (saved.timeRangeEnd as string | null) ?? null,
    })
    return {
      resortLocationIdentifier: saved.resortLocationIdentifier as DestinationId,
      diningLocationId: String(saved.diningLocationId),
      reserveDate: String(saved.reserveDate),
      partySize: Number(saved.partySize),
      timeChoice: preference.kind === 'meal' ? preference.meal : preference.kind,
      specificTime: preference.kind === 'time' ? preference.time : '',
      tolerance: preference.kind === 'time' ? preference.toleranceMinutes : 0,
      pendingId: pending.id,
    }
  }
  return null
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const user = await getUser(request)
  const restore = params.get('restore') === '1'
  const restored = restore ? await restoredDraft(request) : null
  // The page form watches Disneyland Resort unless told otherwise (catalogue §2).
  const draft = restored ?? readDraft(params, 'disneyland')
  if (params.get('change') === 'diningLocationId') draft.diningLocationId = null
  // A restaurant list that fails to load shows as empty (catalogue §8), not as an error page.
  const restaurants = await listDiningLocations(getDb(), draft.resortLocationIdentifier).catch(
    (error: unknown) => {
      getLogger().error({ err: error }, 'restaurants failed to load')
      return []
    },
  )
  if (!restaurants.some((restaurant) => restaurant.id === draft.diningLocationId))
    draft.diningLocationId = null
  return json({
    signedIn: Boolean(user),
    intent: readIntent(params.get('intent')),
    autoSubmit: Boolean(restored && user),
    q: params.get('q') ?? '',
    draft,
    restaurants: restaurants.map((restaurant) => ({
      id: restaurant.id,
      name: restaurant.name,
      detail: `${restaurant.area} · ${restaurant.cuisine}`,
    })),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData()
  const draft = readDraft(formData, 'disneyland')
  const timeZone = findDestination(draft.resortLocationIdentifier)!.timeZone
  const submission = parseWithZod(formData, { schema: diningFormSchema(todayIn(timeZone)) })
  if (submission.status !== 'success')
    return json({ result: submission.reply(), draft }, { status: 400 })
  const pendingId = formData.get('pendingId')
  const outcome = await saveAlertFromPage(request, {
    kind: 'dining',
    value: submission.value,
    create: async (userId) => {
      // A restored draft is claimed as the alert is made, so it can never be made twice.
      if (typeof pendingId === 'string' && (await readPendingIds(request)).includes(pendingId)) {
        await claimPendingAlerts(getDb(), [pendingId])
      }
      return createDiningAlert(getDb(), userId, submission.value)
    },
    afterLogin: '/alerts/dining?restore=1',
    failedMessage: DINING_MESSAGES.createFailed,
  })
  if (outcome instanceof Response) return outcome
  return json(
    { result: submission.reply({ formErrors: [outcome.formError] }), draft, code: outcome.code },
    { status: outcome.status },
  )
}

const BANNER_KEY = 'agent_banner_dismissed'
const subscribeToStorage = (onChange: () => void) => {
  window.addEventListener('storage', onChange)
  return () => window.removeEventListener('storage', onChange)
}

/** The travel-agent banner: hidden once dismissed (remembered) or when the visitor came as an agent. */
function AgentBanner({ intentPro }: { intentPro: boolean }) {
  const dismissedStored = useSyncExternalStore(
    subscribeToStorage,
    () => localStorage.getItem(BANNER_KEY) === '1',
    () => false,
  )
  const [dismissed, setDismissed] = useState(false)
  if (intentPro || dismissedStored || dismissed) return null
  return (
    <div className="border-brand-200 bg-brand-50 text-brand-900 mt-4 flex items-start justify-between gap-4 rounded-xl border p-4 text-sm">
      <p>
        Travel agent? Watch tables for all your clients with{' '}
        <Link to="/pricing?intent=pro" className="font-semibold underline">
          plans built for agents
        </Link>
        .
      </p>
      <button
        type="button"
        aria-label="Dismiss"
        className="text-brand-700 hover:bg-brand-100 rounded px-2"
        onClick={() => {
          localStorage.setItem(BANNER_KEY, '1')
          setDismissed(true)
        }}
      >
        ×
      </button>
    </div>
  )
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
  const [form, fields] = useForm({
    id: 'dining-alert',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: diningFormSchema(minDate) }),
    shouldValidate: 'onSubmit',
  })

  useEffect(() => {
    if (!data.autoSubmit || !formRef.current) return
    const form = formRef.current
    const timer = setTimeout(() => submit(form), RESTORE_SUBMIT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [data.autoSubmit, submit])

  const complete = Boolean(draft.diningLocationId && draft.reserveDate && draft.partySize)
  const submitting = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  const update = (changes: Partial<DiningDraft>) =>
    setDraft((current) => ({ ...current, ...changes }))
  const fieldError = (name: keyof typeof fields) => fields[name].errors?.[0]

  function rememberDraft() {
    if (data.signedIn) return
    const restaurant = data.restaurants.find((item) => item.id === draft.diningLocationId)
    sessionStorage.setItem(
      'pendingDiningAlert',
      JSON.stringify({
        locationId: draft.diningLocationId,
        locationName: restaurant?.name,
        resortLocationIdentifier: draft.resortLocationIdentifier,
        reserveDate: draft.reserveDate,
        timeSelection: draft.timeChoice === 'time' ? draft.specificTime : draft.timeChoice,
        timeRangeChoice: draft.tolerance,
        partySize: draft.partySize,
        type: 'dining',
        timestamp: Date.now(),
      }),
    )
  }

  return (
    <AlertPageLayout
      crumb="Dining Alerts"
      title={`${destination.display} Dining Alerts`}
      intro="Booked up everywhere? Pick the restaurant, the date, your party and a time. We watch for cancellations, which spike 1 to 3 days before the date, and text you the moment a table opens."
      banner={<AgentBanner intentPro={data.intent === 'pro'} />}
      sidebar={<DiningSidebar />}
    >
      <Form
        method="post"
        ref={formRef}
        {...getFormProps(form)}
        onSubmit={(event) => {
          rememberDraft()
          form.onSubmit(event)
        }}
        className="space-y-6"
      >
        {draft.pendingId && <input type="hidden" name="pendingId" value={draft.pendingId} />}
        <FormSection
          title="Select Restaurant"
          id="restaurant-heading"
          error={fieldError('diningLocationId')}
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
          <ChoiceList
            name="diningLocationId"
            searchName="q"
            label="Search restaurants"
            choices={data.restaurants}
            selectedId={draft.diningLocationId}
            onSelect={(id) => update({ diningLocationId: id })}
            initialSearch={data.q}
            limit={SHOWN_RESTAURANTS}
            countText={(count) => `${count} restaurant(s) found`}
            emptyText="No restaurants available"
            noMatchText={(search) => `No restaurants match "${search}"`}
          />
        </FormSection>

        <FormSection title="Reserve Date" id="date-heading" error={fieldError('reserveDate')}>
          {hydrated ? (
            <>
              <input type="hidden" name="reserveDate" value={draft.reserveDate} />
              <SingleDateCalendar
                id="dining-date"
                minDate={minDate}
                value={draft.reserveDate || undefined}
                onChange={(reserveDate) => update({ reserveDate })}
              />
            </>
          ) : (
            <input
              type="date"
              name="reserveDate"
              aria-label="Reserve Date"
              min={minDate}
              defaultValue={draft.reserveDate}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 sm:w-64"
            />
          )}
        </FormSection>

        <FormSection title="Party Size" id="party-heading" error={fieldError('partySize')}>
          <label htmlFor="dining-party" className="sr-only">
            Party Size
          </label>
          <input
            id="dining-party"
            name="partySize"
            type="number"
            inputMode="numeric"
            min={DINING_PARTY.min}
            max={DINING_PARTY.max}
            value={draft.partySize || ''}
            onChange={(event) =>
              update({
                partySize: Math.min(DINING_PARTY.max, event.currentTarget.valueAsNumber || 0),
              })
            }
            onBlur={() =>
              update({ partySize: Math.max(DINING_PARTY.min, draft.partySize || DINING_PARTY.min) })
            }
            className="block w-28 rounded-lg border border-slate-300 px-3 py-2.5 text-center"
          />
        </FormSection>

        <FormSection title="Preferred Time" id="time-heading" error={fieldError('specificTime')}>
          <TimePreferenceField
            idPrefix="dining"
            value={draft}
            onChange={(time) => update(time)}
            tolerances={FORM_TOLERANCES}
            style="form"
            flexibilityLabel="Time flexibility"
          />
        </FormSection>

        <div className="space-y-3">
          {form.errors?.map((error) => (
            <AlertSaveError
              key={error}
              message={error}
              code={actionData && 'code' in actionData ? actionData.code : undefined}
            />
          ))}
          {data.autoSubmit && !actionData && (
            <p role="status" className="text-sm text-slate-600">
              Welcome back: we restored your alert and are setting it up now.
            </p>
          )}
          <div className="flex flex-wrap items-center gap-4">
            <button
              type="submit"
              disabled={submitting || (hydrated && !complete)}
              className="bg-brand-600 hover:bg-brand-700 rounded-lg px-6 py-3 font-semibold text-white shadow disabled:cursor-not-allowed disabled:opacity-60"
            >
              {submitting ? 'Creating Alert...' : 'Start Dining Alerts'}
            </button>
            <Link
              to="/blog/tags/dining-alerts"
              className="text-brand-700 text-sm font-semibold hover:underline"
            >
              Read Tips
            </Link>
          </div>
          {hydrated && !complete && <p className="text-sm text-slate-500">Complete all fields</p>}
          <SubmitHelp signedIn={data.signedIn} opening="table" />
        </div>
      </Form>
    </AlertPageLayout>
  )
}

function DiningSidebar() {
  return (
    <>
      <SidebarCard title="Tips for a hard-to-get table">
        <p>
          Reservations open 60 days ahead, but cancellations keep coming: most land 1 to 3 days
          before the date.
        </p>
        <p>A meal window or a flexible time catches far more openings than one exact time.</p>
        <p>
          Smaller parties get more openings. If you can split a large party, set one alert per
          table.
        </p>
      </SidebarCard>
      <SidebarCard title="Questions">
        <p>
          <strong className="text-slate-800">Will I get a text for every opening?</strong> Yes, each
          new time that fits your alert is texted once, until the date passes.
        </p>
        <p>
          <strong className="text-slate-800">Do you book the table?</strong> No. Book it yourself
          with Disney right away; openings go fast.
        </p>
      </SidebarCard>
    </>
  )
}
