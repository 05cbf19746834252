/**
 * The browser storage keys of the specifications (accounts §"Browser storage", catalogue
 * §"Other browser flags"), in one place because pages on both sides of a login read them.
 */
export const LOCAL_KEYS = {
  authIntent: 'auth_intent',
  authNext: 'auth_next',
  quickTarget: 'quick_target',
  agentBannerDismissed: 'agent_banner_dismissed',
} as const

export const SESSION_KEYS = {
  alertIntent: 'alert_intent',
  pendingHotelAlert: 'pendingHotelAlert',
  pendingDiningAlert: 'pendingDiningAlert',
} as const
