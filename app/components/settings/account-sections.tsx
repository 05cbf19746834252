import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { StatusButton } from '~/components/ui/button'
import { OutcomeNotice } from '~/components/ui/outcome-notice'
import { textsOffNotice } from '~/domain/delivery'
import { Card } from '~/components/ui/card'
import { QuietHoursSettings, type QuietHoursShown } from './quiet-hours'
import { quietButton } from './styles'
import { YourData } from './your-data'

export function ProfileSection({
  phone,
  name,
  email,
}: {
  phone: string
  name: string | null
  email: string | null
}) {
  return (
    <Card id="profile" title="Profile Information" size="xl">
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <ProfileField label="Phone number" value={phone} />
        <ProfileField label="Name" value={name ?? 'Not set'} />
        <ProfileField label="Email" value={email ?? 'Not set'} />
      </dl>
      <p className="mt-3 text-sm text-slate-500">
        Your phone number is how you log in and where we text your alerts.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Link to="/settings/profile" className={`${quietButton} sm:w-auto`}>
          Edit Profile
        </Link>
        <Link to="/settings/phone" className={`${quietButton} sm:w-auto`}>
          Change Phone Number
        </Link>
        {/* A plain form: a full page load that lands on /login with every session ended. */}
        <form method="post" action="/settings" className="sm:ml-auto">
          <button
            type="submit"
            name="intent"
            value="sign-out-everywhere"
            className={`${quietButton} sm:w-auto`}
          >
            Sign out of every device
          </button>
        </form>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Signing out of every device ends every session of your account, this one and the app
        included.
      </p>
    </Card>
  )
}

export function NotificationSection({
  phone,
  textsOff,
  lastTestText,
  notice,
  testTextError,
  quiet,
  quietHoursResult,
}: {
  phone: string
  /** The number replied STOP: since when, and the number to text START to. */
  textsOff: { since: string; ourNumber: string } | null
  /** The account's last test text: where it went, when, and its delivery in the dashboard's words. */
  lastTestText: {
    to: string
    on: string
    status: string
    final: boolean
    problem: string | null
  } | null
  /** What the last test text request, or quiet hours form, left: "Test text sent to …". */
  notice: { tone: 'success' | 'error'; message: string; section?: string } | null
  /** Why a test text was refused (texts are off, the hourly limit). */
  testTextError: string | null
  quiet: QuietHoursShown
  /** The quiet hours form's refusal, beside its fields. */
  quietHoursResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const sending = navigation.formData?.get('intent') === 'test-text'
  // Each form's notice goes beside it.
  const quietNotice = notice?.section === 'quiet-hours' ? notice : null
  const testNotice = quietNotice ? null : notice
  return (
    <Card id="notifications" title="Notification Settings" size="xl">
      <div className="mt-4 flex flex-col-reverse items-start gap-2 rounded-lg bg-slate-50 p-4 sm:flex-row sm:justify-between sm:gap-4">
        <div>
          <p className="font-medium text-slate-900">Immediate SMS alerts</p>
          <p className="text-sm text-slate-600">
            {textsOff
              ? textsOffNotice(textsOff)
              : `We text ${phone} the moment an opening matches one of your alerts.`}
          </p>
        </div>
        <span
          className={`shrink-0 rounded-full px-3 py-1 text-sm font-semibold ${textsOff ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800'}`}
        >
          {textsOff
            ? `Stopped ${textsOff.since}`
            : quiet.described
              ? 'Quiet hours on'
              : 'Always on'}
        </span>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        {/* A plain form: without JavaScript the post comes back here with its notice. */}
        <Form method="post" action="/settings" preventScrollReset>
          <StatusButton
            name="intent"
            value="test-text"
            busy={sending}
            busyText="Sending..."
            tone="quiet"
            size="sm"
            className="w-full sm:w-auto"
          >
            Send me a test text
          </StatusButton>
        </Form>
        {lastTestText && (
          <p className="text-sm text-slate-600">
            Last test text to {lastTestText.to}, {lastTestText.on}:{' '}
            <strong>{lastTestText.status}</strong>
            {lastTestText.problem && ` (${lastTestText.problem})`}
            {!lastTestText.final && '. Reload the page for its latest status.'}
          </p>
        )}
      </div>
      <OutcomeNotice error={testTextError} notice={testNotice} className="mt-3 text-sm" />
      <QuietHoursSettings quiet={quiet} lastResult={quietHoursResult} notice={quietNotice} />
      <p className="mt-4 text-sm text-slate-500">
        Reply STOP to any text to stop all texts, and START to resume.
      </p>
    </Card>
  )
}

export function PrivacySection() {
  return (
    <Card id="privacy" title="Privacy & Security" size="xl">
      <p className="mt-2 text-sm text-slate-600">
        We never sell your number, and we never book or pay anything with Disney for you.
      </p>
      <ul className="mt-3 flex flex-wrap gap-4 text-sm font-semibold">
        <li>
          <Link to="/privacy-policy" className="text-brand-700 hover:underline">
            Privacy Policy
          </Link>
        </li>
        <li>
          <Link to="/terms-of-service" className="text-brand-700 hover:underline">
            Terms of Service
          </Link>
        </li>
      </ul>
      <YourData />
    </Card>
  )
}

function ProfileField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 font-medium text-slate-900">{value}</dd>
    </div>
  )
}
