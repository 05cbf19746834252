import { ChoiceList } from '~/components/alert-form/choice-list'
import { ClientFields } from '~/components/alert-form/client-fields'
import { KeepWatchingField } from '~/components/alert-form/keep-watching-field'
import { PartyFields } from '~/components/alert-form/party-fields'
import { PriceCeilingField } from '~/components/alert-form/price-ceiling-field'
import { OtherResorts, ResortRoomsField } from '~/components/alert-form/resort-choices'
import { SplitStaysField } from '~/components/alert-form/split-stays-field'
import { StayCount } from '~/components/alert-form/stay-count'
import { StayWindowFields } from '~/components/alert-form/stay-window-fields'
import { useHotelDraft } from '~/components/alert-form/use-hotel-draft'
import {
  EMPTY_HOTEL_DRAFT,
  hotelAlertFields,
  hotelDraftChoices,
  hotelDraftCost,
  hotelDraftOf,
  priceCeilingFields,
  stayEndOf,
} from '~/domain/hotel-drafts'
import type { ClientChoice } from '~/domain/alert-client'
import { todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { isTooWide } from '~/domain/flexible-cost'
import { HOTEL_MESSAGES } from '~/domain/hotel-alert'
import { PRICE_MESSAGES } from '~/domain/price-terms'
import type { HotelAlertJson } from '~/models/hotel-alert.server'
import type { CatalogueChoice } from '~/domain/catalogue-choices'
import { useClientChoice } from './save-alert'
import { useResortChoices } from './use-catalogue'
import { useWizard, WizardModal } from './wizard-parts'

/** The wizard's steps, and its title and save button when it edits an alert or adds one. */
const WIZARD = {
  steps: ['Resort & Dates', 'Guest Details', 'Select Room Type'],
  title: ['Edit Alert', 'Add Hotel Alert'],
  finish: ['Update', 'Create'],
} as const

/**
 * The dashboard's hotel alert wizard: three steps, for a new alert or an edit. It is mounted
 * when it opens, so every opening starts at step 1 with the alert or the defaults.
 */
export function HotelWizard({
  onClose,
  resorts: fromPage,
  editing,
  prefillResortId = null,
  clientChoice,
}: {
  onClose: () => void
  /** Given when the page opened the wizard (a link that works without JavaScript). */
  resorts: readonly CatalogueChoice[] | null
  editing?: HotelAlertJson
  prefillResortId?: string | null
  /** The account's clients; null when it has none and its plan keeps none. */
  clientChoice: ClientChoice | null
}) {
  const wizard = useWizard(WIZARD, onClose, Boolean(editing))
  const { step, fail, save } = wizard
  const clients = useClientChoice(clientChoice, editing)
  const { resorts, loading, failed } = useResortChoices(fromPage)
  const hotel = useHotelDraft(
    editing ? hotelDraftOf(editing) : { ...EMPTY_HOTEL_DRAFT, resortId: prefillResortId },
    { resortId: null, rooms: [] },
    (id) => resorts.find((item) => item.id === id)?.locationIdentifier,
  )
  const { draft } = hotel

  const resort = resorts.find((item) => item.id === draft.resortId)
  const minDate = todayIn(findDestination(resort?.locationIdentifier ?? 'disneyland')!.timeZone)
  const partyTooBig = hotel.rooms.length > 0 && hotel.fitting.length === 0
  const cost = hotelDraftCost(draft)
  const stayChosen = Boolean(draft.resortId && draft.checkInDate && stayEndOf(draft))
  const otherRooms = draft.otherResorts.map((row) => hotel.roomsOf(row.resortId))
  const ceiling = priceCeilingFields(draft)
  const stepValid = [
    stayChosen,
    draft.adults >= 1 &&
      draft.childAges.every((age) => age !== null) &&
      !partyTooBig &&
      !hotel.roomsLoading,
    (draft.anyRoom || draft.roomIds.length > 0) &&
      draft.otherResorts.every((row) => row.resortId && (row.anyRoom || row.roomIds.length)) &&
      !hotel.roomsLoading &&
      !otherRooms.some((rooms) => rooms.loading) &&
      !(cost && isTooWide(cost)) &&
      ceiling !== null,
  ][step]

  async function submit() {
    if (!stayChosen) {
      fail(HOTEL_MESSAGES.wizardIncomplete)
      return
    }
    const payload = {
      ...(editing && { id: editing.id, status: editing.status }),
      ...hotelAlertFields(hotelDraftChoices(draft)),
      numberOfAdults: draft.adults,
      numberOfChildren: draft.childAges.length,
      agesOfChildren: draft.childAges,
      accessible: draft.accessible,
      keepWatching: draft.keepWatching,
      ...ceiling,
      ...clients.payload,
      active: true,
    }
    await save('/api/availability-queries', payload, [
      HOTEL_MESSAGES.updateFailed,
      'Failed to create alert. Please try again.',
    ])
  }

  return (
    <WizardModal
      wizard={wizard}
      canContinue={Boolean(stepValid)}
      onFinish={submit}
      hint={step === 0 && !stepValid ? HOTEL_MESSAGES.wizardIncomplete : undefined}
    >
      {step === 0 && (
        <>
          {failed && (
            <p role="alert" className="text-sm text-red-600">
              Failed to load resorts. Please try again.
            </p>
          )}
          <ChoiceList
            name="wizardResortId"
            searchName="wizardResortSearch"
            label="Search resorts"
            choices={resorts}
            selectedId={draft.resortId}
            onSelect={hotel.selectResort}
            countText={(count) => `${count} resort(s) found`}
            emptyText={loading ? 'Loading resorts...' : 'No resorts available'}
            noMatchText={() => 'No resorts match'}
          />
          <div>
            <p className="mb-1 text-sm font-medium text-slate-700">Dates</p>
            <StayWindowFields
              idPrefix="wizard"
              stay={draft}
              minDate={minDate}
              onChange={hotel.update}
            />
          </div>
        </>
      )}
      {step === 1 && (
        <>
          <PartyFields idPrefix="wizard" party={draft} onChange={hotel.changeParty} />
          <label className="flex items-center gap-3 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={draft.accessible}
              onChange={(event) => hotel.changeParty({ accessible: event.currentTarget.checked })}
            />
            I need accessible rooms only
          </label>
          {partyTooBig && (
            <p
              role="alert"
              className="rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-800"
            >
              {HOTEL_MESSAGES.noRoomsForPartyWizard}
            </p>
          )}
        </>
      )}
      {step === 2 && (
        <>
          <ResortRoomsField
            name="wizardRoomIds"
            resort={draft}
            rooms={hotel.ownRooms}
            onChange={hotel.update}
          />
          <SplitStaysField
            id="wizard-split-stays"
            checked={draft.splitStays}
            onChange={(splitStays) => hotel.update({ splitStays })}
          />
          {resort && (
            <div>
              <p className="mb-2 text-sm font-medium text-slate-700">Also watch</p>
              <OtherResorts
                idPrefix="wizard"
                draft={draft}
                choices={resorts.filter(
                  (item) =>
                    item.locationIdentifier === resort.locationIdentifier && item.id !== resort.id,
                )}
                roomsOf={hotel.roomsOf}
                onChange={(otherResorts) => hotel.update({ otherResorts })}
                errorOf={() => undefined}
              />
            </div>
          )}
          <PriceCeilingField
            idPrefix="wizard"
            names={{ priceCeiling: 'wizardPriceCeiling', maxPrice: 'wizardMaxPrice' }}
            value={draft}
            onChange={hotel.update}
            error={ceiling ? undefined : PRICE_MESSAGES.price}
          />
          <KeepWatchingField
            name="wizardKeepWatching"
            value={draft.keepWatching}
            onChange={(keepWatching) => hotel.update({ keepWatching })}
            style="wizard"
          />
          {clients.choice && <ClientFields choice={clients.choice} onChange={clients.change} />}
          <StayCount cost={cost} said={null} />
        </>
      )}
    </WizardModal>
  )
}
