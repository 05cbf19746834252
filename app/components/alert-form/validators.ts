// Loaded by the alert pages once the visitor starts filling in the form (useDeferredValidation).
import { parseWithZod } from '@conform-to/zod/v4'
import { diningFormSchema } from '~/domain/dining-alert-schema'
import { hotelPageSchema } from '~/domain/hotel-alert-schema'

export const validateHotelPage = (today: string) => (formData: FormData) =>
  parseWithZod(formData, { schema: hotelPageSchema(today) })

export const validateDiningPage = (today: string) => (formData: FormData) =>
  parseWithZod(formData, { schema: diningFormSchema(today) })
