import { methodNotAllowed } from '~/utils/api.server'
import { deleteAlertAction } from '~/utils/alert-api.server'

export const loader = () => methodNotAllowed(['DELETE'])

/** DELETE /api/availability-queries/{id}: deletes one of the caller's hotel alerts. */
export const action = deleteAlertAction('hotel')
