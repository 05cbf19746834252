/**
 * A stay already booked for two adults and a child of 7, paid $2,384.50 room only and watched for
 * a $50 saving: the party and terms as the price watch form posts them, and as the JSON API (and
 * so the form's parsed value) holds them.
 */
export const BOOKED_FORM_FIELDS = {
  numberOfAdults: '2',
  numberOfChildren: '1',
  agesOfChildren: '7',
  paidTotal: '2384.50',
  rateType: 'room-only',
  savingKind: 'amount',
  saving: '50',
}

export const BOOKED_WATCH_TERMS = {
  numberOfAdults: 2,
  agesOfChildren: [7],
  accessible: false,
  watch: 'price',
  paidTotal: 2384.5,
  rateType: 'room-only',
  minSaving: 50,
}

/** The stay of a price watch draft that read nothing usable: empty, for the usual party. */
export const UNREAD_STAY = {
  roomIds: [],
  checkInDate: '',
  checkOutDate: '',
  adults: 2,
  childAges: [],
  accessible: false,
}
