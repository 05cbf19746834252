import { ErrorText } from '~/components/ui/notice'

/**
 * Split stays: when no one room is free for the whole stay, two back-to-back bookings may be. A
 * checkbox posts "on" when ticked; unticked it posts nothing, which is no split stays.
 */
export function SplitStaysField({
  id,
  checked,
  onChange,
  error,
}: {
  id: string
  checked: boolean
  onChange: (splitStays: boolean) => void
  error?: string
}) {
  return (
    <div className="mt-4">
      <label className="flex items-start gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          name="splitStays"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-describedby={`${id}-hint`}
          className="mt-1"
        />
        <span>
          <span className="block font-medium text-slate-900">
            Or two back-to-back bookings (a split stay)
          </span>
          <span id={`${id}-hint`} className="block text-slate-500">
            When no one room is free for your whole stay, we also text you when two bookings in a
            row cover it: another room type or another resort you watch, with the night you move.
          </span>
        </span>
      </label>
      <ErrorText className="mt-1">{error}</ErrorText>
    </div>
  )
}
