import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvHeaders, fileNamePart, guardCell, toCsv } from './csv'

describe('guardCell', () => {
  it('gives a cell a spreadsheet would run as a formula a leading apostrophe', () => {
    for (const cell of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")'])
      expect(guardCell(cell)).toBe(`'${cell}`)
  })

  it('keeps every other cell as it is', () => {
    for (const cell of ['', 'The Smiths', "'Ohana", 'a=b', ' =x', '2027-06-08', 'Party of 4'])
      expect(guardCell(cell)).toBe(cell)
  })
})

describe('toCsv', () => {
  it('writes RFC 4180 rows with a byte order mark, quoting what must be, guarded', () => {
    const csv = toCsv([
      ['Name', 'Note'],
      ['Smith, "Bob"', 'line one\nline two'],
      ['=cmd|/C calc', null],
    ])
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv).toBe(
      '\uFEFFName,Note\r\n"Smith, ""Bob""","line one\nline two"\r\n\'=cmd|/C calc,\r\n',
    )
    expect(parse(csv, { bom: true })).toEqual([
      ['Name', 'Note'],
      ['Smith, "Bob"', 'line one\nline two'],
      ["'=cmd|/C calc", ''],
    ])
  })
})

describe('file names', () => {
  it('make a name a file name part of letters, digits and dashes', () => {
    expect(fileNamePart('The Smiths', 'client')).toBe('the-smiths')
    expect(fileNamePart('  Zoë & "Ana" / Pérez ', 'client')).toBe('zoe-ana-perez')
    expect(fileNamePart('日本', 'client')).toBe('client')
    expect(fileNamePart('a'.repeat(39) + ' b', 'client')).toBe('a'.repeat(39))
  })

  it('are sent as an attachment of UTF-8 CSV', () => {
    expect(csvHeaders('x.csv')).toEqual({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="x.csv"',
    })
  })
})
