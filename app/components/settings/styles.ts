/** The look the settings sections and their buttons share. */
const buttonBase = 'w-full rounded-lg px-4 py-2.5 text-center font-semibold disabled:opacity-60'
export const primaryButton = `${buttonBase} bg-brand-600 hover:bg-brand-700 text-white`
export const quietButton = `${buttonBase} border border-slate-300 text-slate-700 hover:border-brand-500`
export const section = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6'
