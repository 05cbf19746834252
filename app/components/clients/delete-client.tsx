import { Form } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ConfirmPage } from '~/components/ui/confirm-page'
import { CLIENT_SETTINGS_MESSAGES } from '~/domain/client-settings'
import { clientHref } from './client-list'

/** "Delete client": a plain post that answers with its confirmation, a page of its own. */
export function DeleteClient({ alerts }: { alerts: number }) {
  return (
    <Card id="delete-client" title="Delete this client" className="mt-6">
      <p className="mt-1 text-sm text-slate-600">
        {alerts === 0
          ? 'They have no alerts.'
          : 'If you delete them, their alerts stay yours and text only you.'}
      </p>
      <Form method="post" className="mt-3">
        <Button type="submit" name="intent" value="delete" tone="danger" size="sm">
          Delete client
        </Button>
      </Form>
    </Card>
  )
}

/** The question before a client goes: what happens to its alerts; confirmed by a second post. */
export function DeleteClientConfirm({
  id,
  name,
  alerts,
}: {
  id: string
  name: string
  alerts: number
}) {
  return (
    <ConfirmPage
      title="Delete client"
      message={CLIENT_SETTINGS_MESSAGES.deleteQuestion(name, alerts)}
      fields={{ intent: 'delete-confirmed' }}
      action={clientHref(id)}
      confirmText="Delete client"
      cancelText="Keep client"
      cancelTo={clientHref(id)}
    />
  )
}
