import { PAGE_MESSAGE, readKind, readPage } from '~/domain/alert-history'
import { ALERT_ERRORS } from '~/domain/alerts'
import { AppError } from '~/domain/app-error'
import { alertHistory } from '~/models/alert-history.server'
import { getDb } from '~/utils/db.server'

/**
 * An alert's history for its owner, from the request of its page or its JSON call: the kind and
 * id from the path, the page from `?page=`. Anything that names no alert of theirs is not found.
 */
export async function requestedAlertHistory(
  request: Request,
  params: { kind?: string; id?: string },
  userId: string,
) {
  const kind = readKind(params.kind)
  if (!kind) throw new AppError(404, 'NOT_FOUND', ALERT_ERRORS.NOT_FOUND)
  const page = readPage(new URL(request.url).searchParams.get('page'))
  if (page === null) throw new AppError(400, 'INVALID', PAGE_MESSAGE, 'page')
  return alertHistory(getDb(), userId, kind, params.id, page)
}
