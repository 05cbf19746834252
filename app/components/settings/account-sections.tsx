import { Link } from '@remix-run/react'
import { quietButton, section } from './styles'

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
    <section className={section} aria-labelledby="profile">
      <h2 id="profile" className="text-xl font-semibold text-slate-900">
        Profile Information
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <ProfileField label="Phone number" value={phone} />
        <ProfileField label="Name" value={name ?? 'Not set'} />
        <ProfileField label="Email" value={email ?? 'Not set'} />
      </dl>
      <p className="mt-3 text-sm text-slate-500">
        Your phone number is how you log in and where we text your alerts.
      </p>
      <button type="button" disabled className={`${quietButton} mt-4 sm:w-auto`}>
        Edit Profile
      </button>
    </section>
  )
}

export function NotificationSection({ phone }: { phone: string }) {
  return (
    <section className={section} aria-labelledby="notifications">
      <h2 id="notifications" className="text-xl font-semibold text-slate-900">
        Notification Settings
      </h2>
      <div className="mt-4 flex items-start justify-between gap-4 rounded-lg bg-slate-50 p-4">
        <div>
          <p className="font-medium text-slate-900">Immediate SMS alerts</p>
          <p className="text-sm text-slate-600">
            We text {phone} the moment an opening matches one of your alerts.
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">
          Always on
        </span>
      </div>
      <p className="mt-3 text-sm text-slate-500">
        More options, such as quiet hours and email copies, are coming. Reply STOP to any text to
        stop all texts, and START to resume.
      </p>
    </section>
  )
}

export function PrivacySection() {
  return (
    <section className={section} aria-labelledby="privacy">
      <h2 id="privacy" className="text-xl font-semibold text-slate-900">
        Privacy &amp; Security
      </h2>
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
    </section>
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
