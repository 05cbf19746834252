import { parse, type Submission } from '@conform-to/react'
import { useCallback, useState } from 'react'

type Validate<Input, Output> = (formData: FormData) => Submission<Input, string[], Output>

/**
 * Conform's onValidate for a form whose schema loads after the page: zod and the schema arrive
 * when the visitor first focuses a field (`onFocus` on the form), not in the page's first
 * download. Until then nothing is checked in the browser and a submit goes to the server, which
 * runs the same schema and answers with the same errors beside the fields.
 */
export function useDeferredValidation<Input, Output>(load: () => Promise<Validate<Input, Output>>) {
  const [validate, setValidate] = useState<Validate<Input, Output>>()
  const onFocus = useCallback(() => {
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
  return { onValidate, onFocus }
}
