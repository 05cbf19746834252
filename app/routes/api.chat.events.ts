import type { LoaderFunctionArgs } from '@remix-run/node'
import { getChatBus, type ChatEvent } from '~/utils/chat-events.server'
import { requireChatAdmin } from '~/utils/chat.server'

const KEEPALIVE_MS = 15_000

/**
 * GET /api/chat/events: server-sent events for the admin screen, one `chat` event per change in
 * any web process (Redis pub/sub). Events carry ids, never text; the screen fetches what changed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireChatAdmin(request)
  const encoder = new TextEncoder()
  let stop = () => {}
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text))
      }
      const unsubscribe = await getChatBus().subscribe(
        (event: ChatEvent) => send(`event: chat\ndata: ${JSON.stringify(event)}\n\n`),
        () => stop(),
      )
      const keepalive = setInterval(() => send(': keepalive\n\n'), KEEPALIVE_MS)
      stop = () => {
        if (!open) return
        open = false
        clearInterval(keepalive)
        unsubscribe()
        try {
          controller.close()
        } catch {
          // Already closed by the reader.
        }
      }
      if (request.signal.aborted) return stop()
      request.signal.addEventListener('abort', stop, { once: true })
      // Subscribed: `ready` tells the client that every later change will reach it. The browser
      // reconnects 3 s after a dropped connection.
      send('retry: 3000\nevent: ready\ndata: {}\n\n')
    },
    cancel() {
      stop()
    },
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform keeps the compression middleware from buffering the stream.
      'Cache-Control': 'private, no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    },
  })
}
