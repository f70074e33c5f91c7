/** Vacancies: public reads, the administrator's writes, and the day-change timer. */
export { vacanciesRepository, type VacanciesRepository } from './repository';
export { vacanciesRoutes } from './routes';
