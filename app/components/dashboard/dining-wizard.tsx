import { AlertSaveError } from '~/components/alert-form/field'
import { useState } from 'react'
import { SingleDateCalendar } from '~/components/alert-form/calendar'
import { ChoiceList } from '~/components/alert-form/choice-list'
import { DiningPartyInput } from '~/components/alert-form/party-fields'
import { TimePreferenceField } from '~/components/alert-form/time-preference'
import { Modal } from '~/components/modal'
import { timeFieldsOf, type TimeFields } from '~/domain/alert-drafts'
import { todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import {
  DINING_MESSAGES,
  DINING_PARTY,
  fromDiningTimes,
  toDiningTimes,
  WIZARD_TOLERANCES,
  type TimePreference,
} from '~/domain/dining-alert'
import type { DiningAlertJson } from '~/models/dining-alert.server'
import { useAlertSaver } from './save-alert'
import { useRestaurantChoices } from './use-catalogue'
import { WizardFooter, WizardSteps } from './wizard-parts'

const STEPS = ['Restaurant', 'Date, Party & Time'] as const
/** The restaurant list shows this many at once (catalogue §9). */
const SHOWN = 20

interface DiningDraft extends TimeFields {
  diningLocationId: string | null
  reserveDate: string
  partySize: number
}

function toPreference(fields: TimeFields): TimePreference {
  if (fields.timeChoice === 'time' && fields.specificTime) {
    return { kind: 'time', time: fields.specificTime, toleranceMinutes: fields.tolerance }
  }
  if (fields.timeChoice === 'all-day' || fields.timeChoice === 'time') return { kind: 'all-day' }
  return { kind: 'meal', meal: fields.timeChoice }
}

function draftFrom(alert?: DiningAlertJson): DiningDraft {
  if (!alert) {
    return {
      diningLocationId: null,
      reserveDate: '',
      partySize: DINING_PARTY.default,
      timeChoice: 'all-day',
      specificTime: '',
      tolerance: 0,
    }
  }
  return {
    diningLocationId: alert.diningLocationId,
    reserveDate: alert.reserveDate,
    partySize: alert.partySize,
    ...timeFieldsOf(fromDiningTimes(alert)),
  }
}

/**
 * The dashboard's dining alert wizard: a restaurant, then the date, party and time. Mounted when
 * it opens, so each opening starts afresh.
 */
export function DiningWizard({
  onClose,
  editing,
}: {
  onClose: () => void
  editing?: DiningAlertJson
}) {
  const [step, setStep] = useState(0)
  const [draft, setDraft] = useState(() => draftFrom(editing))
  const { saving, error, fail, save } = useAlertSaver(onClose)
  const { restaurants, loading } = useRestaurantChoices()

  const restaurant = restaurants.find((item) => item.id === draft.diningLocationId)
  const minDate = todayIn(findDestination(restaurant?.locationIdentifier ?? 'disneyland')!.timeZone)
  const timeReady = draft.timeChoice !== 'time' || Boolean(draft.specificTime)
  const stepValid = [
    Boolean(draft.diningLocationId),
    Boolean(draft.reserveDate) && draft.partySize > 0 && timeReady,
  ][step]
  const update = (changes: Partial<DiningDraft>) =>
    setDraft((current) => ({ ...current, ...changes }))

  async function submit() {
    if (!restaurant || !draft.reserveDate || draft.partySize < 1) {
      fail(DINING_MESSAGES.wizardIncomplete)
      return
    }
    await save(
      '/api/dining-alerts',
      editing ? 'PUT' : 'POST',
      {
        ...(editing && { id: editing.id }),
        resortLocationIdentifier: restaurant.locationIdentifier,
        diningLocationId: restaurant.id,
        diningLocationName: restaurant.name,
        reserveDate: draft.reserveDate,
        partySize: draft.partySize,
        ...toDiningTimes(toPreference(draft)),
        status: editing ? editing.status : 1,
      },
      editing ? DINING_MESSAGES.updateFailed : 'Failed to create alert',
    )
  }

  return (
    <Modal open onClose={onClose} title={editing ? 'Edit Dining Alert' : 'Add Dining Alert'} wide>
      <WizardSteps steps={STEPS} current={step} />
      <fieldset disabled={saving} className="mt-5 min-h-64 space-y-4">
        {step === 0 && (
          <ChoiceList
            name="wizardRestaurant"
            searchName="wizardRestaurantSearch"
            label="Search restaurants"
            choices={restaurants}
            selectedId={draft.diningLocationId}
            onSelect={(id) => update({ diningLocationId: id })}
            limit={SHOWN}
            countText={(count) => `${count} restaurant(s) found`}
            emptyText={loading ? 'Loading restaurants...' : 'No restaurants available'}
            noMatchText={(search) => `No restaurants match "${search}"`}
          />
        )}
        {step === 1 && (
          <>
            <div>
              <p className="mb-1 text-sm font-medium text-slate-700">Reserve Date</p>
              <SingleDateCalendar
                id="wizard-date"
                minDate={minDate}
                value={draft.reserveDate || undefined}
                onChange={(reserveDate) => update({ reserveDate })}
              />
            </div>
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
                tolerances={WIZARD_TOLERANCES}
                style="wizard"
                flexibilityLabel="Time Range"
              />
            </div>
          </>
        )}
        {error && (
          <AlertSaveError
            message={error.message}
            code={error.code}
            alertId={error.alertId}
            onFollow={onClose}
          />
        )}
      </fieldset>
      <WizardFooter
        step={step}
        lastStep={STEPS.length - 1}
        canContinue={Boolean(stepValid)}
        busy={saving}
        onPrevious={() => setStep(step - 1)}
        onNext={() => setStep(step + 1)}
        onFinish={submit}
        finishText={editing ? 'Update Alert' : 'Create Alert'}
        busyText={editing ? 'Updating...' : 'Creating...'}
        hint={!stepValid ? DINING_MESSAGES.wizardIncomplete : undefined}
      />
    </Modal>
  )
}
