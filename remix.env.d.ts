/// <reference types="@remix-run/dev" />

import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The caller's address, as Express saw it (behind the configured proxies). */
    clientIp: string
    /** This request's nonce for inline scripts (the Content-Security-Policy names it). */
    cspNonce: string
  }
}
