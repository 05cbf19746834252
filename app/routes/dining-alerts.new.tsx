import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { DateInput } from '~/components/alert-form/calendar'
import { ClientSection } from '~/components/alert-form/client-fields'
import { DiningCoverageNote } from '~/components/alert-form/dining-coverage-note'
import { FormSection, inputClass } from '~/components/alert-form/field'
import { AlertPageLayout, refusalOf, SubmitArea } from '~/components/alert-form/page-chrome'
import { RestaurantCheckboxes } from '~/components/alert-form/restaurant-choices'
import { DiningSidebar } from '~/components/alert-form/dining-sidebar'
import { TimeSlotOptions } from '~/components/alert-form/time-preference'
import { readDiningDraft, type DiningDraft } from '~/domain/dining-drafts'
import { todayIn } from '~/domain/dates'
import { DESTINATIONS, findDestination } from '~/domain/destinations'
import {
  DINING_PARTY,
  SIMPLE_DINING_DEFAULTS,
  SIMPLE_FLEXIBILITY,
  SIMPLE_FLEXIBILITY_MESSAGE,
  simpleFlexibilityOf,
  simpleTimeFields,
} from '~/domain/dining-alert'
import { listDiningLocations } from '~/models/catalogue.server'
import { alertClientChoice } from '~/models/client.server'
import { saveDiningFromPage } from '~/services/dining-page.server'
import { getDb } from '~/utils/db.server'
import { readFormData } from '~/utils/http.server'
import { pageMeta } from '~/utils/seo'
import { getUser } from '~/utils/session.server'

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'New Disney Dining Alert: a text when your table opens up',
    description:
      'A quick dining alert: pick Disney restaurants, a date or a few, your party and a time. We text you when a table opens. Not affiliated with Disney.',
  })

/**
 * Reads the simpler time fields (a time and a flexibility choice) as the page form's, in place;
 * false for a flexibility that is not one of the choices.
 */
function asPageFields(source: URLSearchParams | FormData): boolean {
  const time = source.get('specificTime')
  const fields = simpleTimeFields(
    String(source.get('flexibility') ?? ''),
    typeof time === 'string' ? time : '',
  )
  if (!fields) return false
  source.delete('flexibility')
  for (const [name, value] of Object.entries(fields)) source.set(name, value)
  return true
}

/** The form starts from the URL: a link's fields, or without JavaScript its own "Count again". */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  asPageFields(params)
  const draft = readDiningDraft(params, 'disneyland')
  const destination = findDestination(draft.resortLocationIdentifier)!
  const [user, restaurants] = await Promise.all([
    getUser(request),
    listDiningLocations(getDb(), destination.identifier),
  ])
  return json({
    signedIn: Boolean(user),
    clientChoice: await alertClientChoice(getDb(), user?.id, null, params),
    location: destination.identifier,
    display: destination.display,
    today: todayIn(destination.timeZone),
    restaurants: restaurants.map((restaurant) => ({ id: restaurant.id, name: restaurant.name })),
    draft,
  })
}

/** The simpler time fields become the page form's, then the alert saves as /alerts/dining's. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  if (!asPageFields(formData))
    return json(
      {
        result: { error: { flexibility: [SIMPLE_FLEXIBILITY_MESSAGE] } },
        clientChoice: await alertClientChoice(
          getDb(),
          (await getUser(request))?.id,
          null,
          formData,
        ),
      },
      { status: 400 },
    )
  return saveDiningFromPage(request, formData, context.clientIp)
}

export default function NewDiningAlert() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const errors: Partial<Record<string, string[] | null>> = actionData?.result.error ?? {}
  const draft = actionData && 'draft' in actionData ? actionData.draft : data.draft
  const flexibility = simpleFlexibilityOf({
    timeChoice: draft.specificTime ? 'time' : (draft.mealPeriods[0] ?? 'all-day'),
    tolerance: draft.tolerance,
  })
  // What the alert covers follows the fields as they change (with JavaScript).
  const [filledIn, setFilledIn] = useState<DiningDraft | null>(null)
  const submitting = navigation.state === 'submitting'

  return (
    <AlertPageLayout
      crumb="New Dining Alert"
      title={`${data.display} Dining Alert`}
      intro="Pick the restaurants, the dates, your party and a time. We watch for cancellations and text you the moment a table opens; you book directly with Disney."
      sidebar={<DiningSidebar />}
    >
      <nav aria-label="Destination" className="mb-4 flex gap-3 text-sm">
        {DESTINATIONS.map((item) => (
          <Link
            key={item.identifier}
            to={`?location=${item.identifier}`}
            aria-current={item.identifier === data.location ? 'page' : undefined}
            className="aria-[current=page]:bg-brand-100 aria-[current=page]:text-brand-800 rounded-md px-2 py-1 text-slate-700 aria-[current=page]:font-semibold"
          >
            {item.display}
          </Link>
        ))}
      </nav>
      <Form
        method="post"
        className="space-y-6"
        key={data.location}
        onChange={(event) =>
          setFilledIn(readDiningDraft(new FormData(event.currentTarget), data.location))
        }
      >
        <input type="hidden" name="resortLocationIdentifier" value={data.location} />
        <FormSection
          title="Restaurants"
          id="restaurant-heading"
          error={errors.diningLocationIds?.[0]}
        >
          <RestaurantCheckboxes choices={data.restaurants} chosenIds={draft.diningLocationIds} />
        </FormSection>

        <FormSection
          title="Dates"
          id="date-heading"
          error={errors.reserveDate?.[0] ?? errors.latestReserveDate?.[0]}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <DateInput
              label="Date"
              name="reserveDate"
              min={data.today}
              defaultValue={draft.reserveDate}
            />
            <DateInput
              label="Through (optional)"
              name="latestReserveDate"
              min={data.today}
              defaultValue={draft.latestReserveDate}
            />
          </div>
        </FormSection>

        <FormSection title="Party Size" id="party-heading" error={errors.partySize?.[0]}>
          <input
            type="number"
            name="partySize"
            aria-label="Party Size"
            inputMode="numeric"
            min={DINING_PARTY.min}
            max={DINING_PARTY.max}
            defaultValue={draft.partySize}
            className={`${inputClass} sm:w-40`}
          />
        </FormSection>

        <FormSection
          title="Time"
          id="time-heading"
          error={errors.specificTime?.[0] ?? errors.flexibility?.[0]}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="block text-sm font-medium text-slate-700">
              Preferred time
              <select
                name="specificTime"
                defaultValue={draft.specificTime || SIMPLE_DINING_DEFAULTS.time}
                className={`${inputClass} mt-1`}
              >
                <TimeSlotOptions />
              </select>
            </label>
            <label className="block text-sm font-medium text-slate-700">
              Flexibility
              <select
                name="flexibility"
                defaultValue={flexibility}
                className={`${inputClass} mt-1`}
              >
                {SIMPLE_FLEXIBILITY.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </FormSection>

        <DiningCoverageNote alert={filledIn ?? draft} />

        <ClientSection
          choice={actionData?.clientChoice ?? data.clientChoice}
          errorOf={(name) => errors[name]?.[0]}
        />

        <SubmitArea
          errors={errors['']?.filter(Boolean) ?? undefined}
          {...refusalOf(actionData)}
          label="Start Dining Alerts"
          disabled={submitting}
          submitting={submitting}
          tipsHref="/blog/tags/dining-alerts"
          missing={null}
          signedIn={data.signedIn}
          signedInNote="We'll notify you when a table opens up; you book directly with Disney."
        />
      </Form>
    </AlertPageLayout>
  )
}
