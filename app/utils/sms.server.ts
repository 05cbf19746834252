import http from 'node:http'
import twilio from 'twilio'
import { getEnv, type Env } from '~/env.server'
import { singleton } from '~/utils/singleton.server'
import { throughSimulator } from '~/utils/simulator.server'

/** twilio-node's default for its https agent (`DEFAULT_MAX_SOCKETS` in its RequestClient). */
const TWILIO_SOCKETS_PER_HOST = 20

/** Twilio's own HTTP client, its calls answered by the simulator's process (SIMULATOR_URL). */
class SimulatedTwilio extends twilio.RequestClient {
  constructor(
    private readonly via: string,
    options: ConstructorParameters<typeof twilio.RequestClient>[0],
  ) {
    super(options)
    // The SDK bounds its https connections (20 a host); the simulator is plain http, which axios
    // would otherwise send through Node's unbounded global agent: the same bound here.
    this.axios.defaults.httpAgent = new http.Agent({
      keepAlive: true,
      maxSockets: TWILIO_SOCKETS_PER_HOST,
    })
  }

  override request<TData>(
    options: Parameters<twilio.RequestClient['request']>[0] & { data?: TData },
  ) {
    return super.request<TData>({ ...options, uri: throughSimulator(options.uri, this.via).href })
  }
}

/** Twilio's client for an account; through the simulator's process when `via` is set. */
export function twilioClient({
  accountSid,
  authToken,
  via,
}: Pick<Env['twilio'], 'accountSid' | 'authToken' | 'via'>) {
  // 10 s is plenty for Twilio's API; a hung request must not hold a login open.
  const options = { timeout: 10_000, autoRetry: true, maxRetries: 2 }
  return twilio(accountSid, authToken, {
    ...options,
    ...(via && { httpClient: new SimulatedTwilio(via, options) }),
  })
}

const client = () => singleton('twilio', () => twilioClient(getEnv().twilio))

/** Twilio's "Attempt to send to unsubscribed recipient": the number replied STOP. */
const TWILIO_UNSUBSCRIBED = 21610

export function isUnsubscribedAtTwilio(error: unknown) {
  return (error as { code?: unknown } | null)?.code === TWILIO_UNSUBSCRIBED
}

/** Sends one text through Twilio's Messages API (answered by msw in mock mode). */
export async function sendSms(to: string, body: string, options: { statusCallback?: string } = {}) {
  const { fromNumber, messagingServiceSid } = getEnv().twilio
  const message = await client().messages.create({
    to,
    // A Messaging Service picks the sender from its pool and applies its compliance settings.
    ...(messagingServiceSid ? { messagingServiceSid } : { from: fromNumber }),
    body,
    ...(options.statusCallback && { statusCallback: options.statusCallback }),
  })
  return { sid: message.sid, status: message.status }
}

/**
 * A text with this body that Twilio took for this number since a moment, if it has one: sent or
 * still held (queued or accepted, with no date_sent yet, so a DateSent filter would miss it).
 * Only a send interrupted by a crash asks, so it can afford Twilio's largest page: a number that
 * was texted many times since (every alert of an account goes to it) still has its text found.
 */
export async function findSentText(to: string, body: string, since: Date) {
  const messages = await client().messages.list({ to, pageSize: 1000, limit: 1000 })
  return messages.find(
    // Twilio's dates are whole seconds: a text taken in the same second as `since` counts.
    (message) => message.body === body && message.dateCreated.getTime() >= since.getTime() - 1000,
  )
}
