/** The candidate pipeline (decision 0160): candidates, their timeline, interviews and candidate mails. */
export { actorOf, recordCandidateEvent, type Actor } from './events';
