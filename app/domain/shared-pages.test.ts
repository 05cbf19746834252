import { describe, expect, it } from 'vitest'
import { isSharedPageRequest } from './shared-pages'

const visitor = {
  method: 'GET',
  path: '/pricing',
  query: '',
  cookie: undefined,
  authorization: undefined,
}

describe('isSharedPageRequest', () => {
  it('takes a plain GET of a public page by a visitor without cookies', () => {
    expect(isSharedPageRequest(visitor)).toBe(true)
    expect(isSharedPageRequest({ ...visitor, path: '/' })).toBe(true)
    expect(isSharedPageRequest({ ...visitor, path: '/alerts/hotels' })).toBe(true)
  })

  it('leaves every other request to be rendered for itself', () => {
    expect(isSharedPageRequest({ ...visitor, method: 'POST' })).toBe(false)
    expect(isSharedPageRequest({ ...visitor, method: 'HEAD' })).toBe(false)
    expect(isSharedPageRequest({ ...visitor, path: '/dashboard' })).toBe(false)
    expect(isSharedPageRequest({ ...visitor, path: '/pricing/' })).toBe(false)
    expect(isSharedPageRequest({ ...visitor, query: '?intent=pro' })).toBe(false)
    expect(isSharedPageRequest({ ...visitor, cookie: '__Host-session=abc' })).toBe(false)
    expect(isSharedPageRequest({ ...visitor, authorization: 'Bearer abc' })).toBe(false)
  })
})
