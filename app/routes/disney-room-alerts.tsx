import { loadGuidePage } from '~/services/guide-pages.server'

export { GuidePage as default, guideMeta as meta } from '~/components/marketing/guide-page'

export const loader = () => loadGuidePage('disney-room-alerts')
