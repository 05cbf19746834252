/** The first error of a form field, right below it, named by the field's aria-describedby. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <p id={id} role="alert" className="mt-2 text-sm text-red-600">
      {errors[0]}
    </p>
  )
}
