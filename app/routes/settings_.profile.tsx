import { getFormProps, useForm } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ProfilePage } from '~/components/settings/section'
import { ButtonLink, StatusButton } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { ErrorText } from '~/components/ui/notice'
import { parseProfileForm, PROFILE_MESSAGES } from '~/domain/profile'
import { saveProfile } from '~/models/user.server'
import { getDb } from '~/utils/db.server'
import { redirectWithNotice } from '~/utils/flash.server'
import { readFormData } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'
import { requireUser } from '~/utils/session.server'

export const meta: MetaFunction = () => privateMeta('Edit profile')

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json({ name: user.name, email: user.email })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const submission = parseProfileForm(await readFormData(request))
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  await saveProfile(getDb(), user.id, submission.value)
  return redirectWithNotice('/settings#profile', {
    tone: 'success',
    message: PROFILE_MESSAGES.saved,
  })
}

export default function EditProfile() {
  const { name, email } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const saving = useNavigation().state === 'submitting'
  const [form, fields] = useForm({
    id: 'profile',
    lastResult: actionData?.result,
    defaultValue: { name: name ?? '', email: email ?? '' },
    onValidate: ({ formData }) => parseProfileForm(formData),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })

  return (
    <ProfilePage>
      <h1 className="text-2xl font-bold text-slate-900">Edit profile</h1>
      <p className="mt-2 text-slate-600">
        Both are optional. Support greets you by name in the chat and can answer you by email.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <Field label="Name" field={fields.name} inputProps={{ autoComplete: 'name' }} />
        <Field
          label="Email"
          field={fields.email}
          type="email"
          hint="Leave a field empty to remove it."
          inputProps={{ autoComplete: 'email' }}
        />
        <ErrorText id={form.errorId}>{form.errors?.[0]}</ErrorText>
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <StatusButton busy={saving} busyText="Saving..." className="sm:flex-1">
            Save
          </StatusButton>
          <ButtonLink to="/settings#profile" tone="quiet" className="sm:flex-1">
            Cancel
          </ButtonLink>
        </div>
      </Form>
    </ProfilePage>
  )
}
