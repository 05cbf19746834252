// Any path no other route claims is a 404 inside the site's shell.
export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return null
}
