// The specification names the verify call both ways; both paths serve the same action.
export { action, loader } from './api.account.loginVerify'
