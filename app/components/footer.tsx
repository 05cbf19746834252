import { Link } from '@remix-run/react'
import { DISCLAIMER, RESOURCE_LINKS } from '~/components/site-links'
import { SupportLink } from '~/components/support-link'

const QUICK_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/disney-hotel-alerts', label: 'Hotel Alerts' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/faq', label: 'FAQ' },
  { to: '/status', label: 'Status' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/login', label: 'Get Started' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/settings', label: 'Account Settings' },
] as const

const heading = 'mb-3 text-sm font-semibold tracking-wide text-white uppercase'
const link = 'text-sm text-slate-300 hover:text-white'
const button =
  'inline-block rounded-md border border-slate-500 px-3 py-2 text-sm font-medium text-slate-100 hover:border-white hover:text-white'

function LinkColumn({
  id,
  title,
  links,
}: {
  id: string
  title: string
  links: readonly { to: string; label: string }[]
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={heading}>
        {title}
      </h2>
      <ul className="space-y-2">
        {links.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={link}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function Footer() {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-3">
        <LinkColumn id="footer-quick-links" title="Quick Links" links={QUICK_LINKS} />
        <LinkColumn id="footer-resources" title="Resources" links={RESOURCE_LINKS} />
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={heading}>
            Contact
          </h2>
          <p className="mb-4 text-sm">
            Questions about an alert or your plan? We answer in the chat.
          </p>
          <div className="flex flex-wrap gap-3">
            <SupportLink className={button}>Contact Support</SupportLink>
            <SupportLink className={button}>Live Support</SupportLink>
          </div>
        </section>
      </div>
      {/* From sm up the chat button floats at the bottom right: room for it below the last line. */}
      <div className="border-t border-slate-800 sm:pb-20">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs leading-5 text-slate-400">{DISCLAIMER}</p>
      </div>
    </footer>
  )
}
