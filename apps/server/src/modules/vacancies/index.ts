/** Vacancies: public reads, the administrator's writes, and the day-change timer. */
export { vacanciesRepository } from './repository';
export { vacanciesRoutes } from './routes';
