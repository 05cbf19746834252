import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FormSection, inputClass } from '~/components/alert-form/field'
import { AlertPageLayout, SubmitArea } from '~/components/alert-form/page-chrome'
import { DiningSidebar } from '~/components/alert-form/sidebars'
import { todayIn } from '~/domain/dates'
import { DESTINATIONS, findDestination } from '~/domain/destinations'
import {
  DINING_PARTY,
  SIMPLE_DINING_DEFAULTS,
  SIMPLE_FLEXIBILITY,
  SIMPLE_FLEXIBILITY_MESSAGE,
  simpleFlexibilityOf,
  simpleTimeFields,
  TIME_SLOTS,
  twelveHour,
} from '~/domain/dining-alert'
import { listDiningLocations } from '~/models/catalogue.server'
import { saveDiningFromPage } from '~/services/dining-page.server'
import { getDb } from '~/utils/db.server'
import { readFormData } from '~/utils/http.server'
import { pageMeta } from '~/utils/seo'
import { getUser } from '~/utils/session.server'

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'New Disney Dining Alert: a text when your table opens up',
    description:
      'A quick dining alert: pick a Disney restaurant, a date, your party and a time. We text you when a table opens. Not affiliated with Disney.',
  })

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const destination = findDestination(params.get('location')) ?? DESTINATIONS[1]
  const [user, restaurants] = await Promise.all([
    getUser(request),
    listDiningLocations(getDb(), destination.identifier),
  ])
  return json({
    signedIn: Boolean(user),
    location: destination.identifier,
    display: destination.display,
    today: todayIn(destination.timeZone),
    restaurants: restaurants.map((restaurant) => ({ id: restaurant.id, name: restaurant.name })),
  })
}

/** The simpler time fields become the page form's, then the alert saves as /alerts/dining's. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const time = formData.get('specificTime')
  const fields = simpleTimeFields(
    String(formData.get('flexibility') ?? ''),
    typeof time === 'string' ? time : '',
  )
  if (!fields)
    return json(
      { result: { error: { flexibility: [SIMPLE_FLEXIBILITY_MESSAGE] } } },
      { status: 400 },
    )
  formData.delete('flexibility')
  for (const [name, value] of Object.entries(fields)) formData.set(name, value)
  return saveDiningFromPage(request, formData, context.clientIp)
}

export default function NewDiningAlert() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const errors: Partial<Record<string, string[] | null>> = actionData?.result.error ?? {}
  const draft = actionData && 'draft' in actionData ? actionData.draft : null
  const submitting = navigation.state === 'submitting'

  return (
    <AlertPageLayout
      crumb="New Dining Alert"
      title={`${data.display} Dining Alert`}
      intro="Pick the restaurant, the date, your party and a time. We watch for cancellations and text you the moment a table opens; you book directly with Disney."
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
      <Form method="post" className="space-y-6" key={data.location}>
        <input type="hidden" name="resortLocationIdentifier" value={data.location} />
        <FormSection
          title="Restaurant"
          id="restaurant-heading"
          error={errors.diningLocationId?.[0]}
        >
          <label htmlFor="new-restaurant" className="sr-only">
            Restaurant
          </label>
          <select
            id="new-restaurant"
            name="diningLocationId"
            defaultValue={draft?.diningLocationId ?? ''}
            className={inputClass}
          >
            <option value="">Select a restaurant</option>
            {data.restaurants.map((restaurant) => (
              <option key={restaurant.id} value={restaurant.id}>
                {restaurant.name}
              </option>
            ))}
          </select>
        </FormSection>

        <div className="grid gap-6 sm:grid-cols-2">
          <FormSection title="Date" id="date-heading" error={errors.reserveDate?.[0]}>
            <input
              type="date"
              name="reserveDate"
              aria-label="Date"
              min={data.today}
              defaultValue={draft?.reserveDate ?? ''}
              className={inputClass}
            />
          </FormSection>
          <FormSection title="Party Size" id="party-heading" error={errors.partySize?.[0]}>
            <input
              type="number"
              name="partySize"
              aria-label="Party Size"
              inputMode="numeric"
              min={DINING_PARTY.min}
              max={DINING_PARTY.max}
              defaultValue={draft?.partySize ?? SIMPLE_DINING_DEFAULTS.partySize}
              className={inputClass}
            />
          </FormSection>
        </div>

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
                defaultValue={draft?.specificTime || SIMPLE_DINING_DEFAULTS.time}
                className={`${inputClass} mt-1`}
              >
                {TIME_SLOTS.map((slot) => (
                  <option key={slot} value={slot}>
                    {twelveHour(slot)}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-medium text-slate-700">
              Flexibility
              <select
                name="flexibility"
                defaultValue={
                  draft ? simpleFlexibilityOf(draft) : SIMPLE_DINING_DEFAULTS.flexibility
                }
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

        <SubmitArea
          errors={errors['']?.filter(Boolean) ?? undefined}
          code={actionData && 'code' in actionData ? actionData.code : undefined}
          label="Start Dining Alerts"
          disabled={submitting}
          submitting={submitting}
          tipsHref="/blog/tags/dining-alerts"
          missing={null}
          signedIn={data.signedIn}
          opening="table"
        />
      </Form>
    </AlertPageLayout>
  )
}
