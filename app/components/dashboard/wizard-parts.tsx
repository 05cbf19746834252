import { AlertSaveError } from '~/components/alert-form/field'
import { Button } from '~/components/ui/button'
import { useState, type ReactNode } from 'react'
import { Modal } from '~/components/modal'
import { useAlertSaver } from './save-alert'

/** The step list at the top of a wizard. */
function WizardSteps({ steps, current }: { steps: readonly string[]; current: number }) {
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

/** A wizard's steps; its title and its save button's words, when it edits and when it adds. */
interface WizardText {
  steps: readonly string[]
  title: readonly [string, string]
  finish: readonly [string, string]
}

/**
 * A wizard's words, its step, whether it edits an alert, and what saving does (`useAlertSaver`).
 */
export function useWizard(text: WizardText, onClose: () => void, editing: boolean) {
  const [step, setStep] = useState(0)
  return { text, step, setStep, onClose, editing, ...useAlertSaver(onClose, editing) }
}

/**
 * A dashboard wizard: its steps, the current step's fields (kept still while it saves), why the
 * last save failed, then Previous and Next, and on the last step the button that saves
 * (Creating... or Updating... while it saves).
 */
export function WizardModal({
  wizard: {
    text: { steps, title, finish },
    step,
    setStep,
    onClose,
    editing,
    saving,
    error,
  },
  canContinue,
  onFinish,
  hint,
  children,
}: {
  wizard: ReturnType<typeof useWizard>
  canContinue: boolean
  onFinish: () => void
  hint?: string
  children: ReactNode
}) {
  return (
    <Modal open onClose={onClose} title={editing ? title[0] : title[1]} wide>
      <WizardSteps steps={steps} current={step} />
      <fieldset disabled={saving} className="mt-5 min-h-64 space-y-4">
        {children}
      </fieldset>
      <div className="mt-6 border-t border-slate-200 pt-4">
        {error && (
          <div className="mb-3">
            <AlertSaveError
              message={error.message}
              code={error.code}
              alertId={error.alertId}
              onFollow={onClose}
            />
          </div>
        )}
        {hint && <p className="mb-3 text-sm text-slate-500">{hint}</p>}
        <div className="flex justify-between gap-3">
          <Button
            tone="quiet"
            size="sm"
            onClick={() => setStep(step - 1)}
            disabled={step === 0 || saving}
          >
            Previous
          </Button>
          {step < steps.length - 1 ? (
            <Button size="sm" onClick={() => setStep(step + 1)} disabled={!canContinue || saving}>
              Next
            </Button>
          ) : (
            <Button size="sm" onClick={onFinish} disabled={!canContinue || saving}>
              {saving ? (editing ? 'Updating...' : 'Creating...') : editing ? finish[0] : finish[1]}
            </Button>
          )}
        </div>
      </div>
    </Modal>
  )
}
