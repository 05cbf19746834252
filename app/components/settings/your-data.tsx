import { Link } from '@remix-run/react'
import { buttonClass } from '~/components/ui/button'

/**
 * "Download my data" and "Delete my account" (decision 0027): a plain download and a link to the
 * deletion's own confirmation page, so both work without JavaScript.
 */
export function YourData() {
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">Your data</h3>
      <p className="mt-1 text-sm text-slate-600">
        One JSON file with your profile, alerts, texts and support chat.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        <a
          href="/settings/export.json"
          download
          className={buttonClass({ tone: 'quiet', size: 'sm' })}
        >
          Download my data
        </a>
        <Link
          to="/settings/delete-account"
          className="rounded-lg border border-red-300 px-4 py-2 text-center font-semibold text-red-700 hover:bg-red-50"
        >
          Delete my account
        </Link>
      </div>
    </div>
  )
}
