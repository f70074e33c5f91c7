/** The candidate pipeline (decision 0160): candidates, their timeline, interviews and candidate mails. */
export { actorOf, recordCandidateEvent, type Actor } from './events';
export { interviewIcs, type IcsEvent } from './ics';
export { candidateMailText, fillTemplate, templateFor, type TemplateValues } from './template-render';
export { candidateMailsRoutes } from './candidate-mails-routes';
export { interviewsRoutes } from './interviews-routes';
export { recordApplication, type Application, type ApplicationOutcome } from './applications';
export { candidatesRoutes } from './routes';
export { candidatesRepository } from './repository';
export { interviewView, interviewsRepository } from './interviews-repository';
