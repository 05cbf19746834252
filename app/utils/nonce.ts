import { createContext } from 'react'

/**
 * The request's Content-Security-Policy nonce for the scripts Remix writes into the page. Set by
 * the server render; in the browser the scripts have already run, so it stays empty.
 */
export const NonceContext = createContext('')
