import type { BrowserEventName, ServerEventName } from '../app/domain/analytics.ts'
import type { RoomCapacity } from '../app/domain/room-filter.ts'
import type { Meal } from '../app/domain/dining-alert.ts'
import type { QuestionPrices } from '../app/domain/prices.ts'
import type { PriceTerms, RateType } from '../app/domain/price-terms.ts'
import type { EndpointFamily } from '../app/utils/upstream-health.server.ts'
import type {
  ColumnType,
  Generated,
  GeneratedAlways,
  Insertable,
  Selectable,
  Updateable,
} from 'kysely'

/** Columns the database fills in; read as a value, optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>
type Timestamp = ColumnType<Date, Date | string, Date | string>

export type Role = 'user' | 'admin'
export type SessionKind = 'web' | 'api'

export interface UsersTable {
  id: Generated<string>
  phoneNumber: string
  planId: string | null
  stripeSubscriptionPlanId: string | null
  trialStartUtc: Timestamp | null
  role: Defaulted<Role>
  createdAt: Defaulted<Date>
  stripeCustomerId: string | null
  subscriptionId: string | null
  name: string | null
  email: string | null
  /** An IANA time zone the quiet hours are read in (decision 0031). */
  timeZone: string | null
  /** Quiet hours, local times (HH:MM:SS); both null when off. The range may cross midnight. */
  quietStart: string | null
  quietEnd: string | null
}

export interface SubscriptionsTable {
  id: string
  userId: string
  priceId: string
  status: string
  currentPeriodEnd: Timestamp | null
  cancelAtPeriodEnd: Defaulted<boolean>
  paymentFailedAt: Timestamp | null
  paymentFixUrl: string | null
  paymentStateAt: Timestamp | null
  stateAt: Timestamp
  createdAt: Defaulted<Date>
  updatedAt: Defaulted<Date>
}

export interface StripeEventsTable {
  id: string
  type: string
  createdAt: Timestamp
  receivedAt: Defaulted<Date>
}

export interface SessionsTable {
  id: Generated<string>
  userId: string
  tokenHash: string
  kind: SessionKind
  expiresAt: Timestamp
  lastSeenAt: Defaulted<Date>
  revokedAt: Timestamp | null
  createdAt: Defaulted<Date>
}

export interface VerificationCodesTable {
  phoneNumber: string
  codeHash: string
  expiresAt: Timestamp
  failures: Defaulted<number>
  sends: Defaulted<number>
  windowStartedAt: Defaulted<Date>
  consumedAt: Timestamp | null
  /** Five wrong codes in a row: no code is checked for this number until then. */
  lockedUntil: Timestamp | null
}

export interface PlansTable {
  id: string
  name: string
  tagline: string
  priceCents: number
  currency: Defaulted<string>
  alertLimit: number
  intervalMinutes: number
  /** Most clients an account may keep; 0: none (migration 0025). */
  clientLimit: Defaulted<number>
  free: Defaulted<boolean>
  legacy: Defaulted<boolean>
  legacyPrice: string | null
  sortOrder: number
  stripePriceId: string | null
}

export type DestinationId = 'disney-world' | 'disneyland'

export interface ResortsTable {
  id: string
  name: string
  slug: string
  disneyIdentifier: string | null
  /** Disney's address for the resort's availability call; several resorts may share one. */
  disneySlug: string | null
  locationIdentifier: DestinationId
  tier: 'value' | 'moderate' | 'deluxe' | 'deluxe-villa' | 'campground'
  area: string
  description: string
  sold: Defaulted<boolean>
  listed: Defaulted<boolean>
}

/** A room type's row: its occupancy facts (the room filter's own type) and Disney's keys. */
export interface RoomTypesTable extends RoomCapacity {
  id: string
  resortId: string
  name: string
  categoryName: string
  /** The codes (WDW) and numeric ids (Disneyland) Disney's answers list this room type under. */
  disneyRoomCodes: Defaulted<string[]>
  disneyRoomIds: Defaulted<string[]>
  sortOrder: number
  listed: Defaulted<boolean>
}

export interface DiningLocationsTable {
  id: string
  name: string
  resortLocationIdentifier: DestinationId
  area: string
  areaType: 'theme-park' | 'resort' | 'district'
  cuisine: string
  serviceType: 'table-service' | 'character-dining' | 'signature-dining' | 'dinner-show' | 'lounge'
  mealPeriods: string[]
  listed: Defaulted<boolean>
}

/** A resort an alert watches and its room types there, or any room type that fits the party. */
export interface AlertResort {
  resortId: string
  roomIds: string[] | 'any'
}

export interface HotelAlertsTable {
  id: Generated<string>
  userId: string
  /** In the person's order; the first is `resortId` (decision 0033). */
  resorts: ColumnType<AlertResort[], string, string>
  /** The first resort's: the alert's destination. */
  resortId: GeneratedAlways<string>
  /** The earliest check-in. */
  checkInDate: string
  latestCheckInDate: string
  minNights: number
  maxNights: number
  /** The first stay's check-out (check-in + least nights): an exact alert's check-out. */
  checkOutDate: GeneratedAlways<string>
  splitStays: Defaulted<boolean>
  numberOfAdults: number
  agesOfChildren: Defaulted<number[]>
  accessible: Defaulted<boolean>
  /** After a text, keeps watching for the next opening (true) or stops as found (status 2). */
  keepWatching: Defaulted<boolean>
  status: Defaulted<number>
  type: Defaulted<number>
  statusReason: string | null
  startedAt: Timestamp | null
  lastFoundAt: Timestamp | null
  /** Sends nothing and is not asked through this date at its destination (decision 0031). */
  snoozedUntil: string | null
  /** A price ceiling in cents: per night or for the stay, never both (issue 30). */
  maxNightlyPriceCents: number | null
  maxTotalPriceCents: number | null
  /** 'price': a watch on a stay already booked, texting a saving rather than an opening. */
  watch: Defaulted<AlertWatch>
  paidTotalCents: number | null
  rateType: RateType | null
  minSavingCents: number | null
  minSavingPercent: number | null
  /** The price the watch last texted; another text only below it by the threshold. */
  priceTextedCents: number | null
  /** The discount offers the watch has texted, each once. */
  offersTexted: Defaulted<string[]>
  /** The client it is for (issue 31); null: the owner's own. */
  clientId: string | null
  textTo: Defaulted<TextTo>
  createdAt: Defaulted<Date>
  updatedAt: Defaulted<Date>
}

export type AlertWatch = PriceTerms['watch']

/** Who an alert's texts go to (issue 31): its owner, its client, or both. */
export type TextTo = 'agent' | 'client' | 'both'
/** A client's answer to the consent text: never asked, asked, YES, STOP. */
export type ClientConsent = 'none' | 'asked' | 'agreed' | 'stopped'

/** A travel agent's client (migration 0025): alerts may belong to one. */
export interface ClientsTable {
  id: Generated<string>
  userId: string
  name: string
  note: string | null
  /** E.164; texted only once the client has agreed. */
  phoneNumber: string | null
  email: string | null
  consent: Defaulted<ClientConsent>
  consentChangedAt: Timestamp | null
  createdAt: Defaulted<Date>
  updatedAt: Defaulted<Date>
}

export interface DiningAlertsTable {
  id: Generated<string>
  userId: string
  resortLocationIdentifier: DestinationId
  /** In the person's order; the first is `diningLocationId`. */
  diningLocationIds: string[]
  diningLocationId: GeneratedAlways<string>
  /** Distinct, earliest first: `reserveDate` is the first, `lastReserveDate` the last. */
  reserveDates: string[]
  reserveDate: GeneratedAlways<string>
  lastReserveDate: GeneratedAlways<string>
  /** Breakfast, lunch, dinner in the day's order; none: the time fields say when. */
  mealPeriods: Defaulted<Meal[]>
  partySize: number
  preferredTime: string | null
  timeRangeStart: string | null
  timeRangeEnd: string | null
  status: Defaulted<number>
  statusReason: string | null
  startedAt: Timestamp | null
  lastFoundAt: Timestamp | null
  /** Sends nothing and is not asked through this date at its destination (decision 0031). */
  snoozedUntil: string | null
  /** The client it is for (issue 31); null: the owner's own. */
  clientId: string | null
  textTo: Defaulted<TextTo>
  createdAt: Defaulted<Date>
  updatedAt: Defaulted<Date>
}

/** A question an alert asks (decision 0033): one of its stays at one resort, or one of its dates. */
export interface AlertQuestionsTable {
  questionId: number
  hotelAlertId: string | null
  diningAlertId: string | null
  /** Hotel: the room types it watches at the question's resort. */
  roomTypeIds: string[] | null
  /** Asked only to find split stays. */
  split: Defaulted<boolean>
}

/** One distinct question to Disney, shared by every alert that asks it (decision 0028). */
export interface QuestionsTable {
  id: Generated<number>
  key: string
  kind: 'hotel' | 'dining'
  resortId: string | null
  checkInDate: string | null
  checkOutDate: string | null
  numberOfAdults: number | null
  agesOfChildren: number[] | null
  accessible: boolean | null
  resortLocationIdentifier: DestinationId | null
  partySize: number | null
  reserveDate: string | null
  /** The fastest plan among its alerts that may run; null: not asked. */
  intervalMinutes: number | null
  /** How many of its alerts may run: the alert checks one answer makes. */
  alertCount: Defaulted<number>
  nextCheckAt: Timestamp | null
  claimedAt: Timestamp | null
  lastCheckedAt: Timestamp | null
  /** Disney said the stay is beyond its booking window; its alerts keep waiting. */
  notBookableSince: Timestamp | null
  /** Its openings open now: opening key → opening id (decision 0029). */
  openOpenings: Defaulted<Record<string, number>>
  /** The prices its last answer showed, by Disney's room key (migration 0024). */
  prices: ColumnType<QuestionPrices, string | undefined, string>
  /** The plan intervals among its alerts that may run: the paces its history keeps. */
  paces: Defaulted<number[]>
  /** Its checks at each pace (decision 0030; app/domain/check-history.ts). */
  checkHistory: Buffer | null
}

/** An opening's life, from its first sight to the first check that no longer saw it. */
export interface OpeningsTable {
  id: Generated<number>
  questionId: number | null
  kind: 'hotel' | 'dining'
  openingKey: string
  resortId: string | null
  roomTypeId: string | null
  diningLocationId: string | null
  startsOn: string
  checkOutDate: string | null
  reserveTime: string | null
  firstSeenAt: Timestamp
  lastSeenAt: Timestamp | null
  closedAt: Timestamp | null
}

/** A room's price for a question's stay, when it changed (migration 0024). */
export interface PriceChangesTable {
  questionKey: string
  resortId: string
  /** The stay's check-in: its history goes 30 days after it. */
  checkInDate: string
  roomKey: string
  seenAt: Timestamp
  /** Both null: the room stopped being bookable. */
  nightlyCents: number | null
  totalCents: number | null
  offerId: string | null
  offerName: string | null
}

/** The service's own incident, for the status page: a breaker open, or no worker beating. */
export interface IncidentsTable {
  id: Generated<number>
  kind: 'breaker' | 'heartbeat'
  /** The breaker's endpoint family; null for a heartbeat. */
  family: EndpointFamily | null
  startedAt: Timestamp
  /** Null while it lasts. */
  endedAt: Timestamp | null
  detail: string | null
}

export interface PendingAlertsTable {
  id: Generated<string>
  kind: 'hotel' | 'dining'
  payload: ColumnType<unknown, string, string>
  createdAt: Defaulted<Date>
}

/** 'held': found in its owner's quiet hours, not queued until they end (decision 0031). */
export type NotificationStatus =
  | 'pending'
  | 'sending'
  | 'sent'
  | 'queued'
  | 'delivered'
  | 'undelivered'
  | 'failed'
  | 'skipped'
  | 'held'

/**
 * Why a text was sent: an opening of an alert, or the account itself (a test text the
 * subscriber asked for, the reminder before a trial or a cancelled plan ends).
 */
/** An opening's text; the one that says an alert's texts are held for the day; or the account's. */
export type TextPurpose =
  'opening' | 'summary' | 'price' | 'test' | 'plan-end' | 'quiet-hours' | 'consent'

/** Whose phone a text goes to: the account's own, or one of its clients' (migration 0026). */
export type TextRecipient = 'agent' | 'client'

/** The outbox. The alert and opening columns are set on alert texts, and null on the others. */
export interface NotificationsTable {
  id: Generated<string>
  shortCode: string
  userId: string
  purpose: Defaulted<TextPurpose>
  alertKind: 'hotel' | 'dining' | null
  alertId: string | null
  openingKey: string | null
  /** The opening's life this text is about: one text per alert and life. */
  openingId: number | null
  toNumber: string
  body: string
  bookingUrl: string | null
  /** A split stay's second booking (its text links both). */
  secondBookingUrl: string | null
  status: Defaulted<NotificationStatus>
  twilioSid: string | null
  error: string | null
  errorCode: number | null
  attempts: Defaulted<number>
  clicks: Defaulted<number>
  lastClickedAt: Timestamp | null
  seenAt: Timestamp | null
  sentAt: Timestamp | null
  /** A held text: when its owner's quiet hours end; null once released. */
  heldUntil: Timestamp | null
  /** The quiet-hours text a held text went out in. */
  gatheredIn: string | null
  recipient: Defaulted<TextRecipient>
  /** The client the text went to, or was about; null once the client is deleted. */
  clientId: string | null
  createdAt: Defaulted<Date>
  updatedAt: Defaulted<Date>
}

/**
 * A reminder that a trial or a cancelled plan ends, one per account and end. Its text, or null
 * when the number had replied STOP and nothing was sent.
 */
export interface PlanEndRemindersTable {
  userId: string
  endsAt: Timestamp
  kind: 'trial' | 'plan'
  notificationId: string | null
  createdAt: Defaulted<Date>
}

export type RoomKeyKind = 'code' | 'id'

export interface RoomKeyMappingsTable {
  id: Generated<string>
  locationIdentifier: DestinationId
  disneySlug: string
  keyKind: RoomKeyKind
  disneyKey: string
  roomTypeId: string
  createdBy: string
  createdAt: Defaulted<Date>
}

export interface CatalogueAuditTable {
  id: Generated<number>
  actorId: string
  action: 'map-room-key' | 'unmap-room-key'
  details: unknown
  at: Defaulted<Date>
}

export interface UnmatchedAnswerKeysTable {
  locationIdentifier: DestinationId
  address: string
  keyKind: RoomKeyKind | 'venue'
  disneyKey: string
  description: string
  timesSeen: Defaulted<number>
  firstSeenAt: Defaulted<Date>
  lastSeenAt: Defaulted<Date>
}

export interface SmsOptOutsTable {
  phoneNumber: string
  optedOutAt: Defaulted<Date>
}

export interface ChatSessionsTable {
  id: Generated<string>
  userId: string | null
  visitorId: string | null
  userName: string | null
  userEmail: string | null
  createdAt: Defaulted<Date>
  lastMessageAt: Defaulted<Date>
}

export type ChatSender = 'user' | 'support'

export interface ChatMessagesTable {
  id: Generated<string>
  sessionId: string
  sender: ChatSender
  text: string
  currentPage: string | null
  replyToMessageId: string | null
  isRead: Defaulted<boolean>
  createdAt: Defaulted<Date>
}

export type AnalyticsEventName = BrowserEventName | ServerEventName

export interface AnalyticsEventsTable {
  id: Generated<number>
  name: AnalyticsEventName
  source: 'browser' | 'server'
  path: string | null
  props: Defaulted<unknown>
  /** A salted hash of the day (decision record 0014); null on server events. */
  visitorHash: string | null
  /** Keeps an event a retry could repeat (Stripe's webhook and the return page) to one row. */
  dedupeKey: string | null
  occurredAt: Defaulted<Date>
}

/** What is kept of a deleted account (decision 0027): nothing that names the person. */
export interface DeletedAccountsTable {
  id: Generated<string>
  deletedAt: Defaulted<Date>
  stripeCustomerId: string | null
  subscriptionCancelled: boolean
  planId: string | null
}

export interface Database {
  analyticsEvents: AnalyticsEventsTable
  chatSessions: ChatSessionsTable
  clients: ClientsTable
  chatMessages: ChatMessagesTable
  deletedAccounts: DeletedAccountsTable
  subscriptions: SubscriptionsTable
  stripeEvents: StripeEventsTable
  notifications: NotificationsTable
  openings: OpeningsTable
  priceChanges: PriceChangesTable
  incidents: IncidentsTable
  planEndReminders: PlanEndRemindersTable
  smsOptOuts: SmsOptOutsTable
  roomKeyMappings: RoomKeyMappingsTable
  catalogueAudit: CatalogueAuditTable
  unmatchedAnswerKeys: UnmatchedAnswerKeysTable
  hotelAlerts: HotelAlertsTable
  alertQuestions: AlertQuestionsTable
  diningAlerts: DiningAlertsTable
  pendingAlerts: PendingAlertsTable
  questions: QuestionsTable
  resorts: ResortsTable
  roomTypes: RoomTypesTable
  diningLocations: DiningLocationsTable
  plans: PlansTable
  users: UsersTable
  sessions: SessionsTable
  verificationCodes: VerificationCodesTable
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type Plan = Selectable<PlansTable>
export type Subscription = Selectable<SubscriptionsTable>
export type Resort = Selectable<ResortsTable>
export type RoomType = Selectable<RoomTypesTable>
export type DiningLocation = Selectable<DiningLocationsTable>
export type Session = Selectable<SessionsTable>
export type HotelAlert = Selectable<HotelAlertsTable>
export type Client = Selectable<ClientsTable>
export type DiningAlert = Selectable<DiningAlertsTable>
export type Notification = Selectable<NotificationsTable>
export type VerificationCode = Selectable<VerificationCodesTable>
export type ChatSession = Selectable<ChatSessionsTable>
export type ChatMessage = Selectable<ChatMessagesTable>
