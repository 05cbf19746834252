import { json } from '@remix-run/node'
import { STATUS_CACHE, statusData } from '~/services/status-page.server'

/** GET /status.json: the status page's figures, from the same once-a-minute result. */
export async function loader() {
  return json(await statusData(), { headers: STATUS_CACHE })
}
