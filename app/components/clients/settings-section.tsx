import { Link } from '@remix-run/react'
import { Card } from '~/components/ui/card'
import { quietButton } from '~/components/settings/styles'
import { clientCountText } from '~/domain/client-settings'

/** Settings' row for the account's clients: how many of the plan's limit, and the way to them. */
export function ClientsSection({ count, limit }: { count: number; limit: number }) {
  return (
    <Card id="clients" title="Clients" size="xl">
      <p className="mt-2 text-slate-600">
        {limit > 0
          ? `${clientCountText(count, limit)}. Give each alert a client, and its texts go to you, to your client once they agree, or to both.`
          : `${count === 1 ? '1 client' : `${count} clients`}, kept from a plan that had them: your plan adds none.`}
      </p>
      <Link to="/settings/clients" className={`${quietButton} mt-4 inline-block sm:w-auto`}>
        Manage clients
      </Link>
    </Card>
  )
}
