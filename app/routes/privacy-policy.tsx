import { loadLegalPage } from '~/utils/content.server'

export const loader = () => loadLegalPage('privacy-policy')
export { LegalPage as default, legalPageMeta as meta } from '~/components/legal-page'
