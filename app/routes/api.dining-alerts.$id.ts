import { methodNotAllowed } from '~/utils/api.server'
import { deleteAlertAction } from '~/utils/alert-api.server'

export const loader = () => methodNotAllowed(['DELETE'])

/** DELETE /api/dining-alerts/{id}: deletes one of the caller's dining alerts. */
export const action = deleteAlertAction('dining')
