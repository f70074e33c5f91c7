import { MSG } from '@app/shared/messages';
import type { CreateVacancyRequest, UpdateVacancyRequest, Vacancy } from '@app/shared/schemas/vacancies';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { VacanciesRepository, VacancyRow } from './repository';

const toVacancy = (v: VacancyRow): Vacancy => ({ ...v, date: v.date.toISOString() });

export const vacanciesService = (repo: VacanciesRepository) => {
  const get = async (id: number): Promise<Vacancy> => {
    const found = await repo.find(id);
    if (!found) throw notFound(MSG.vacancyNotFound);
    return toVacancy(found);
  };

  return {
    list: async (): Promise<Vacancy[]> => (await repo.list()).map(toVacancy),
    get,

    /** The author defaults to the signed-in editor; the date is the server's now. */
    create: async (input: CreateVacancyRequest, editorEmail: string): Promise<Vacancy> =>
      toVacancy(await repo.create({ ...input, postedBy: input.postedBy || editorEmail })),

    /**
     * Saves only when `version` is the one stored: otherwise someone saved in between (or the
     * client did not say which version it edited) and 409 tells the editor to reload.
     */
    update: async (id: number, input: UpdateVacancyRequest): Promise<Vacancy> => {
      if (input.id !== undefined && input.id !== id) throw badRequest(MSG.vacancyIdMismatch);
      const { id: _id, version, date: _date, ...fields } = input;
      const saved = version === undefined ? undefined : await repo.updateIfVersion(id, version, fields);
      if (saved) return toVacancy(saved);
      if (!(await repo.find(id))) throw notFound(MSG.vacancyNotFound);
      throw conflict(MSG.vacancyStale);
    },

    remove: async (id: number): Promise<void> => {
      if (!(await repo.remove(id))) throw notFound(MSG.vacancyNotFound);
    },
  };
};
