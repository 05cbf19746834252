/**
 * The per-hotel page slug (catalogue §2): lower-case, "&" as "and", and every other run of
 * characters that are not letters or digits as one hyphen.
 */
export function resortSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
