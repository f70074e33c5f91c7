/** The hourly retention job (personal data in old messages and mail logs, old audit rows) as a plugin with its lifecycle. */
export { retentionPlugin } from './plugin';
