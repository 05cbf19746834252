// /terms-of-service shows the same terms as /terms (settings links here).
export { default, loader, meta } from './terms'
