import { z } from 'zod'

// Quoted in the front matter, or YAML would read a Date; a real calendar day.
const isoDate = z.iso.date('a real date written "YYYY-MM-DD", in quotes')

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens')

/**
 * An article's front matter (content/blog/*.md). Tags are written as their slugs, so one form
 * of each tag exists; the image is our SVG illustration, with its PNG rendering beside it.
 */
export const articleFrontMatter = z
  .strictObject({
    slug,
    title: z.string().trim().min(10).max(90),
    description: z.string().trim().min(50).max(200),
    date: isoDate,
    updated: isoDate,
    author: z.string().trim().min(1).optional(),
    image: z
      .string()
      .regex(/^\/images\/blog\/[a-z0-9-]+\.svg$/, 'an SVG under /images/blog/')
      .optional(),
    tags: z
      .array(slug)
      .min(1)
      .refine((tags) => new Set(tags).size === tags.length, 'no tag twice'),
  })
  .refine((front) => front.updated >= front.date, {
    message: 'updated is not before date',
    path: ['updated'],
  })
export type ArticleFrontMatter = z.output<typeof articleFrontMatter>
