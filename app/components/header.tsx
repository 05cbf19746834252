import { Form, Link, NavLink } from '@remix-run/react'
import { Menu } from '~/components/menu'
import { RESOURCE_LINKS } from '~/components/site-links'
import { SupportLink } from '~/components/support-link'
import { ButtonLink } from '~/components/ui/button'

export interface HeaderUser {
  planId: string | null
  stripeSubscriptionPlanId: string | null
  showChatAdmin: boolean
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700'}`

const menuItem =
  'block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700'

function LogoutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Logout
      </button>
    </Form>
  )
}

interface NavItem {
  to: string
  label: string
}

/**
 * The header's links, one list for both layouts. Accounts §2: Pricing and Settings leave the
 * desktop header until the user has a plan's price; the phone menu always keeps Settings.
 */
function navItems(user: HeaderUser | null, layout: 'desktop' | 'phone'): NavItem[] {
  if (!user) {
    return [
      { to: '/how-it-works', label: 'How It Works' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/faq', label: 'FAQ' },
    ]
  }
  const hasSubscription = Boolean(user.stripeSubscriptionPlanId)
  return [
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/blog', label: 'Blog' },
    ...(hasSubscription ? [{ to: '/pricing', label: 'Pricing' }] : []),
    ...(hasSubscription || layout === 'phone' ? [{ to: '/settings', label: 'Settings' }] : []),
    ...(user.showChatAdmin ? [{ to: '/chat-admin', label: 'Chat Admin' }] : []),
  ]
}

function ResourceLinks() {
  return RESOURCE_LINKS.map((link) => (
    <Link key={link.to} to={link.to} className={menuItem}>
      {link.label}
    </Link>
  ))
}

export function Header({ user }: { user: HeaderUser | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/alerts/hotels" className="text-brand-900 text-lg font-bold tracking-tight">
          Disney Hotel Alerts
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 sm:flex">
          {!user && (
            <Menu
              label={<span className={navLink({ isActive: false })}>Resources ▾</span>}
              panelClassName="absolute right-0 mt-2 w-60 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
            >
              <ResourceLinks />
            </Menu>
          )}
          {navItems(user, 'desktop').map((item) => (
            <NavLink key={item.to} to={item.to} className={navLink}>
              {item.label}
            </NavLink>
          ))}
          {user ? (
            <LogoutButton className="hover:border-brand-500 hover:text-brand-700 ml-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700" />
          ) : (
            <ButtonLink to="/login" size="sm" className="ml-2 text-sm" data-cta="header-login">
              Login / Sign Up
            </ButtonLink>
          )}
        </nav>

        {/* At a phone's width the chat opens from here, not from a button floating over the page. */}
        <div className="flex items-center gap-2 sm:hidden">
          <SupportLink className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700">
            Support
          </SupportLink>
          <Menu
            label={
              <span className="inline-flex items-center rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700">
                <span aria-hidden="true">☰</span>
                <span className="ml-2">Menu</span>
              </span>
            }
            panelClassName="absolute right-0 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
          >
            <nav aria-label="Mobile">
              {!user && (
                <>
                  <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                    Resources
                  </p>
                  <ResourceLinks />
                  <hr className="my-2 border-slate-200" />
                </>
              )}
              {navItems(user, 'phone').map((item) => (
                <Link key={item.to} to={item.to} className={menuItem}>
                  {item.label}
                </Link>
              ))}
              {user ? (
                <LogoutButton className={`${menuItem} w-full text-left`} />
              ) : (
                <Link
                  to="/login"
                  className={`${menuItem} text-brand-700 font-semibold`}
                  data-cta="header-login"
                >
                  Login / Sign Up
                </Link>
              )}
            </nav>
          </Menu>
        </div>
      </div>
    </header>
  )
}
