import { Button } from '~/components/ui/button'

/** The step list at the top of a wizard. */
export function WizardSteps({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className="flex flex-wrap gap-2 text-sm">
      {steps.map((title, index) => (
        <li
          key={title}
          aria-current={index === current ? 'step' : undefined}
          className={`rounded-full px-3 py-1 ${index === current ? 'bg-brand-600 font-semibold text-white' : index < current ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-500'}`}
        >
          {index + 1}. {title}
        </li>
      ))}
    </ol>
  )
}

/** Previous and Next, and on the last step the button that saves. */
export function WizardFooter({
  step,
  lastStep,
  canContinue,
  busy,
  onPrevious,
  onNext,
  onFinish,
  finishText,
  busyText,
  hint,
}: {
  step: number
  lastStep: number
  canContinue: boolean
  busy: boolean
  onPrevious: () => void
  onNext: () => void
  onFinish: () => void
  finishText: string
  busyText: string
  hint?: string
}) {
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      {hint && <p className="mb-3 text-sm text-slate-500">{hint}</p>}
      <div className="flex justify-between gap-3">
        <button
          type="button"
          onClick={onPrevious}
          disabled={step === 0 || busy}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700 disabled:opacity-40"
        >
          Previous
        </button>
        {step < lastStep ? (
          <Button size="sm" onClick={onNext} disabled={!canContinue || busy}>
            Next
          </Button>
        ) : (
          <Button size="sm" onClick={onFinish} disabled={!canContinue || busy}>
            {busy ? busyText : finishText}
          </Button>
        )}
      </div>
    </div>
  )
}
