/** Links the header and the footer share, so both always say the same. */
export const RESOURCE_LINKS = [
  { to: '/disney-hotel-alerts', label: 'Hotel Alerts Guide' },
  { to: '/blog/disney-world-at-christmas', label: 'Christmas Trip Plan' },
  { to: '/blog/tags/reservations', label: 'Reservations Strategy' },
  { to: '/blog', label: 'All Articles' },
  { to: '/pricing?intent=pro', label: 'For Travel Agents' },
] as const

export const DISCLAIMER =
  'Disney Hotel Alerts is an independent service. We are not affiliated with, endorsed by or sponsored by The Walt Disney Company or its affiliates; Disney names are their trademarks. We never book anything: you book directly with Disney.'
