import { buttonClass } from '~/components/ui/button'

/** The look the settings sections and their buttons share. */
export const primaryButton = buttonClass({ size: 'sm', className: 'w-full' })
export const quietButton = buttonClass({ tone: 'quiet', size: 'sm', className: 'w-full' })
export const section = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6'
