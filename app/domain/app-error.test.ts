import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError, parseOrRefuse } from './app-error'

const schema = z.object({ party: z.object({ size: z.number().int().min(1, 'At least 1.') }) })

describe('parseOrRefuse', () => {
  it('answers the parsed value', () => {
    expect(parseOrRefuse(schema, { party: { size: 2 } }, 'Invalid.')).toEqual({
      party: { size: 2 },
    })
  })

  it("refuses with the first issue's message beside its field", () => {
    const refusal = (() => {
      try {
        parseOrRefuse(schema, { party: { size: 0 } }, 'Invalid.')
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal).toMatchObject({
      status: 400,
      code: 'INVALID',
      message: 'At least 1.',
      field: 'party.size',
    })
  })
})
