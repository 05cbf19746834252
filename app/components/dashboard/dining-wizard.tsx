import { useState } from 'react'
import { ClientFields } from '~/components/alert-form/client-fields'
import { DiningDatesField } from '~/components/alert-form/date-range-fields'
import { DiningCoverageNote } from '~/components/alert-form/dining-coverage-note'
import { DiningPartyInput } from '~/components/alert-form/dining-party-input'
import { RestaurantChoices } from '~/components/alert-form/restaurant-choices'
import { TimePreferenceField } from '~/components/alert-form/time-preference'
import { diningAlertFields, diningDraftOf, type DiningDraft } from '~/domain/dining-drafts'
import type { ClientChoice } from '~/domain/alert-client'
import { diningAlertShape } from '~/domain/alert-shape'
import type { CatalogueChoice } from '~/domain/catalogue-choices'
import { todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { DINING_MESSAGES, DINING_PARTY } from '~/domain/dining-alert'
import type { DiningAlertJson } from '~/models/dining-alert.server'
import { useClientChoice } from './save-alert'
import { useRestaurantChoices } from './use-catalogue'
import { useWizard, WizardModal } from './wizard-parts'

/** The wizard's steps, and its title and save button when it edits an alert or adds one. */
const WIZARD = {
  steps: ['Restaurants', 'Dates, Party & Time'],
  title: ['Edit Dining Alert', 'Add Dining Alert'],
  finish: ['Update Alert', 'Create Alert'],
} as const
/** The restaurant list shows this many at once (catalogue §9). */
const SHOWN = 20

const NEW_DRAFT: DiningDraft = {
  resortLocationIdentifier: 'disneyland',
  diningLocationIds: [],
  reserveDate: '',
  latestReserveDate: '',
  reserveDates: [],
  partySize: DINING_PARTY.default,
  mealPeriods: [],
  specificTime: '',
  tolerance: 0,
}

/**
 * The restaurants to choose from: the catalogue's, and those of the alert being edited that
 * Disney no longer lists (an edit may keep them). After the first choice, only its destination's.
 */
function useChoices(draft: DiningDraft, editing?: DiningAlertJson) {
  const { restaurants, loading } = useRestaurantChoices()
  const kept: CatalogueChoice[] = editing
    ? diningAlertShape(editing)
        .restaurantChoices.filter((own) => !restaurants.some((item) => item.id === own.id))
        .map((own) => ({
          id: own.id,
          name: own.name,
          detail: 'No longer listed by Disney',
          locationIdentifier: editing.resortLocationIdentifier,
        }))
    : []
  const all = [...restaurants, ...kept]
  const first = all.find((item) => item.id === draft.diningLocationIds[0])
  const choices = first
    ? all.filter((item) => item.locationIdentifier === first.locationIdentifier)
    : all
  return { choices, first, loading }
}

/**
 * The dashboard's dining alert wizard: restaurants, then the dates, party and time, saved
 * through the JSON API in the simplest shape that says the alert. Mounted when it opens, so each
 * opening starts afresh.
 */
export function DiningWizard({
  onClose,
  editing,
  clientChoice,
}: {
  onClose: () => void
  editing?: DiningAlertJson
  /** The account's clients; null when it has none and its plan keeps none. */
  clientChoice: ClientChoice | null
}) {
  const wizard = useWizard(WIZARD, onClose, Boolean(editing))
  const { step, fail, save } = wizard
  const clients = useClientChoice(clientChoice, editing)
  const [draft, setDraft] = useState(() => (editing ? diningDraftOf(editing) : NEW_DRAFT))
  const { choices, first, loading } = useChoices(draft, editing)

  const destination = first?.locationIdentifier ?? draft.resortLocationIdentifier
  const minDate = todayIn(findDestination(destination)!.timeZone)
  const dated = Boolean(draft.reserveDate || draft.reserveDates.length)
  const stepValid = [Boolean(first), dated && draft.partySize > 0][step]
  const update = (changes: Partial<DiningDraft>) =>
    setDraft((current) => ({ ...current, ...changes }))

  async function submit() {
    if (!first || !dated || draft.partySize < 1) {
      fail(DINING_MESSAGES.wizardIncomplete)
      return
    }
    const one = draft.diningLocationIds.length === 1
    await save(
      '/api/dining-alerts',
      {
        ...(editing && { id: editing.id }),
        ...diningAlertFields({ ...draft, resortLocationIdentifier: destination }),
        ...(one && { diningLocationName: first.name }),
        ...clients.payload,
        status: editing ? editing.status : 1,
      },
      [DINING_MESSAGES.updateFailed, 'Failed to create alert'],
    )
  }

  return (
    <WizardModal
      wizard={wizard}
      canContinue={Boolean(stepValid)}
      onFinish={submit}
      hint={!stepValid ? DINING_MESSAGES.wizardIncomplete : undefined}
    >
      {step === 0 && (
        <RestaurantChoices
          choices={choices}
          chosenIds={draft.diningLocationIds}
          onChange={(diningLocationIds) => update({ diningLocationIds })}
          searchName="wizardRestaurantSearch"
          limit={SHOWN}
          emptyText={loading ? 'Loading restaurants...' : 'No restaurants available'}
        />
      )}
      {step === 1 && (
        <>
          <DiningDatesField
            idPrefix="wizard"
            minDate={minDate}
            value={draft}
            onChange={(dates) => update(dates)}
          />
          <label className="block text-sm font-medium text-slate-700">
            Party Size
            <DiningPartyInput
              value={draft.partySize}
              onChange={(partySize) => update({ partySize })}
              className="mt-1"
            />
          </label>
          <div>
            <p className="mb-2 text-sm font-medium text-slate-700">Preferred Time</p>
            <TimePreferenceField
              idPrefix="wizard"
              value={draft}
              onChange={(time) => update(time)}
              style="wizard"
            />
          </div>
          <DiningCoverageNote alert={draft} />
          {clients.choice && <ClientFields choice={clients.choice} onChange={clients.change} />}
        </>
      )}
    </WizardModal>
  )
}
