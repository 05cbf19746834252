/**
 * The security headers of every answer. Scripts run only from this site or with the request's
 * nonce (Remix's inline hydration data); Stripe's hosts are allowed on the payment page alone,
 * where Stripe.js mounts embedded Checkout; nothing may frame the site.
 */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://checkout.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com', 'https://js.stripe.com'],
}

export function contentSecurityPolicy(options: { nonce: string; path: string }): string {
  const stripe = options.path.startsWith('/payment/')
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${options.nonce}'`, ...(stripe ? STRIPE.script : [])],
    // Components set style attributes (calendars, progress bars); no script runs from a style.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(stripe ? ['https://*.stripe.com'] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(stripe ? STRIPE.connect : [])],
    'frame-src': stripe ? STRIPE.frame : ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

export function securityHeaders(options: {
  nonce: string
  path: string
  production: boolean
  signedIn: boolean
}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=(), payment=(self "https://js.stripe.com" "https://checkout.stripe.com")',
    ...(options.production && {
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    }),
    // What a signed-in person sees is theirs: never kept by a shared cache or the back button.
    ...(options.signedIn && { 'Cache-Control': 'private, no-store' }),
  }
}
