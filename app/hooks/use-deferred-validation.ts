import { parse, type Submission } from '@conform-to/react'
import { useCallback, useState } from 'react'

type Validate<Input, Output> = (formData: FormData) => Submission<Input, string[], Output>

/**
 * Conform's onValidate for a form whose schema loads after the page: zod and the schema arrive
 * when `prepare` is first called (the alert forms call it on a field's focus, the login forms on
 * the first keystroke), not in the page's first download. Until then nothing is checked in the
 * browser and a submit goes to the server, which runs the same schema and answers with the same
 * errors beside the fields.
 */
export function useDeferredValidation<Input, Output>(load: () => Promise<Validate<Input, Output>>) {
  const [validate, setValidate] = useState<Validate<Input, Output>>()
  const prepare = useCallback(() => {
    if (!validate) void load().then((loaded) => setValidate(() => loaded))
  }, [load, validate])
  const onValidate = ({ formData }: { formData: FormData }): Submission<Input, string[], Output> =>
    validate
      ? validate(formData)
      : // error null: Conform lets the form submit and leaves the verdict to the server.
        (parse(formData, { resolve: () => ({ error: null }) }) as Submission<
          Input,
          string[],
          Output
        >)
  return { onValidate, prepare }
}
