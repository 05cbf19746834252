import { useCallback, useEffect, useRef, useState } from 'react'
import {
  BANNER_MS,
  CONVERSATION_POLL_MS,
  LIST_POLL_MS,
  SOUND_VOLUME,
  type ChatMessageJson,
  type ChatSessionJson,
} from '~/domain/chat'
import { usePolling } from '~/hooks/use-polling'

/** A short, quiet chime made on the spot with the Web Audio API (no sound file). */
export function playChime() {
  try {
    const AudioContextClass =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
    if (!AudioContextClass) return
    const context = new AudioContextClass()
    const oscillator = context.createOscillator()
    const gain = context.createGain()
    oscillator.type = 'sine'
    oscillator.frequency.value = 880
    gain.gain.setValueAtTime(SOUND_VOLUME, context.currentTime)
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.35)
    oscillator.connect(gain).connect(context.destination)
    oscillator.start()
    oscillator.stop(context.currentTime + 0.35)
    oscillator.onended = () => void context.close()
  } catch {
    // A browser that will not play before a click simply stays quiet.
  }
}

function visitorMessageIds(sessions: readonly ChatSessionJson[]) {
  return sessions.flatMap((session) =>
    session.messages.filter((message) => message.sender === 'user').map((message) => message.id),
  )
}

/**
 * The admin screen's live data: the session list polled every 3 s and the open conversation
 * every 2 s (accounts §4), and both refreshed at once when the server pushes an event (SSE fed
 * by Redis pub/sub). A visitor message not seen before shows a 3-second banner with a chime.
 * A 401 or 403 means access is no longer granted.
 */
export function useAdminChat(initialSessions: ChatSessionJson[], selectedId: string | null) {
  const [sessions, setSessions] = useState(initialSessions)
  const [conversation, setConversation] = useState<{ id: string; messages: ChatMessageJson[] }>()
  const [banner, setBanner] = useState(false)
  const [denied, setDenied] = useState(false)
  const [goneId, setGoneId] = useState<string | null>(null)
  const known = useRef(new Set(visitorMessageIds(initialSessions)))
  const bannerTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const refreshList = useCallback(async () => {
    const response = await fetch('/api/chat/sessions', { headers: { Accept: 'application/json' } })
    if (response.status === 401 || response.status === 403) return setDenied(true)
    if (!response.ok) return
    const next = (await response.json()) as ChatSessionJson[]
    const fresh = visitorMessageIds(next).filter((id) => !known.current.has(id))
    fresh.forEach((id) => known.current.add(id))
    setSessions(next)
    if (fresh.length > 0) {
      setBanner(true)
      playChime()
      clearTimeout(bannerTimer.current)
      bannerTimer.current = setTimeout(() => setBanner(false), BANNER_MS)
    }
  }, [])

  const refreshConversation = useCallback(async () => {
    if (!selectedId) return
    const response = await fetch(`/api/chat/session/${selectedId}/messages`, {
      headers: { Accept: 'application/json' },
    })
    if (response.status === 401 || response.status === 403) return setDenied(true)
    if (response.status === 404) return setGoneId(selectedId)
    if (response.ok)
      setConversation({ id: selectedId, messages: (await response.json()) as ChatMessageJson[] })
  }, [selectedId])

  usePolling(refreshList, LIST_POLL_MS, !denied)
  usePolling(refreshConversation, CONVERSATION_POLL_MS, Boolean(selectedId) && !denied)

  useEffect(() => {
    if (denied || typeof EventSource === 'undefined') return
    const source = new EventSource('/api/chat/events')
    source.addEventListener('chat', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as { sessionId?: string }
      void refreshList()
      if (data.sessionId === selectedId) void refreshConversation()
    })
    return () => source.close()
  }, [denied, selectedId, refreshList, refreshConversation])

  useEffect(() => () => clearTimeout(bannerTimer.current), [])

  // Until the open conversation's own poll answers, the list's copy of it stands in.
  const messages =
    conversation?.id === selectedId
      ? conversation.messages
      : (sessions.find((session) => session.sessionId === selectedId)?.messages ?? null)

  // Opening a conversation reads it: the visitor's messages are marked read, now and as they come.
  const unreadInOpen = (messages ?? []).some((m) => m.sender === 'user' && !m.isRead)
  useEffect(() => {
    if (!selectedId || !unreadInOpen) return
    void fetch(`/api/chat/session/${selectedId}/mark-read`, { method: 'POST' }).then(() =>
      Promise.all([refreshList(), refreshConversation()]),
    )
  }, [selectedId, unreadInOpen, refreshList, refreshConversation])

  return {
    sessions,
    messages,
    banner,
    denied,
    gone: selectedId !== null && goneId === selectedId,
    refreshList,
    refreshConversation,
  }
}
