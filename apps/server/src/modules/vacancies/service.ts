import { MSG, vacancyHomeTileTaken } from '@app/shared/messages';
import { slugify } from '@app/shared/slug';
import { brusselsDate } from '@app/shared/brussels';
import {
  CAREER_TILES,
  OPEN_VACANCIES_MAX,
  VACANCY_DEFAULTS,
  type CreateVacancyRequest,
  type UpdateVacancyRequest,
  type Vacancy,
  type VacancyPage,
} from '@app/shared/schemas/vacancies';
import type { PageQuery } from '@app/shared/schemas/paging';
import { onePage } from '../../lib/bounded-list';
import { VACANCY_OVERVIEW_PAGE_SIZE } from '@app/shared/schemas/vacancies';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import {
  isHomeTileTaken,
  type HomeTile,
  type VacanciesRepository,
  type VacancyFields,
  type VacancyRow,
} from './repository';

const toVacancy = (v: VacancyRow): Vacancy => ({
  ...v,
  date: v.date.toISOString(),
  employmentType: v.employmentType as Vacancy['employmentType'],
});

type Publishing = Pick<
  CreateVacancyRequest,
  'status' | 'closingDate' | 'employmentType' | 'location' | 'slug' | 'homeTile'
>;

/**
 * The publishing fields to store: a field the client did not send is left out (the column's
 * default on create, the stored value on update); '' clears the closing date; an empty or missing
 * slug is made from the title, except that an update keeping the title keeps its slug.
 */
function publishingFields(input: Publishing & { title: string }, current?: VacancyRow): Partial<VacancyFields> {
  const out: Partial<VacancyFields> = {};
  if (input.status !== undefined) out.status = input.status;
  if (input.closingDate !== undefined) out.closingDate = input.closingDate || null;
  if (input.employmentType !== undefined) out.employmentType = input.employmentType;
  if (input.location !== undefined) out.location = input.location;
  // '' (the form's None) and null untie the vacancy from its tile.
  if (input.homeTile !== undefined) out.homeTile = input.homeTile || null;
  out.slug = input.slug || (current && current.title === input.title ? current.slug : slugify(input.title, 'vacancy'));
  return out;
}

/** What a request holds besides its publishing fields: the vacancy's texts (and its author). */
function textsOf<T extends Publishing>(input: T): Omit<T, keyof Publishing> {
  const { status: _s, closingDate: _c, employmentType: _e, location: _l, slug: _slug, homeTile: _t, ...texts } = input;
  return texts;
}

export const vacanciesService = (repo: VacanciesRepository, now: () => Date = () => new Date()) => {
  /**
   * A tile opens one vacancy: claiming one that another vacancy holds is refused with that
   * vacancy's title (rather than taken from it unseen). The unique index answers a race.
   */
  const tileFree = async (tile: HomeTile | null | undefined, id?: number) => {
    if (!tile) return;
    const holder = await repo.holderOfTile(tile, id);
    if (holder) throw conflict(vacancyHomeTileTaken(CAREER_TILES[tile], holder.title));
  };
  const tileRace = (tile: HomeTile | null | undefined) => (err: unknown) => {
    if (tile && isHomeTileTaken(err)) throw conflict(vacancyHomeTileTaken(CAREER_TILES[tile], 'another vacancy'));
    throw err;
  };

  /** Any vacancy, open or not: a closed vacancy's page says the position is filled. */
  const get = async (id: number): Promise<Vacancy> => {
    const found = await repo.find(id);
    if (!found) throw notFound(MSG.vacancyNotFound);
    return toVacancy(found);
  };

  return {
    /** The public list: the first OPEN_VACANCIES_MAX open vacancies whose closing date has not passed in Brussels. */
    listOpen: async (): Promise<Vacancy[]> =>
      (await repo.listOpen(brusselsDate(now()), OPEN_VACANCIES_MAX)).map(toVacancy),
    /** Staff see every vacancy, a page at a time. */
    list: (query: PageQuery): Promise<VacancyPage> =>
      onePage(
        query,
        async (limit, offset) => (await repo.list(limit, offset)).map(toVacancy),
        () => repo.count(),
        VACANCY_OVERVIEW_PAGE_SIZE,
      ),
    get,

    /** The author defaults to the signed-in editor; the date is the server's now. */
    create: async (input: CreateVacancyRequest, editorEmail: string): Promise<Vacancy> => {
      const texts = textsOf(input);
      const fields = publishingFields(input);
      await tileFree(fields.homeTile);
      return toVacancy(
        await repo
          .create({
            ...texts,
            status: VACANCY_DEFAULTS.status,
            employmentType: VACANCY_DEFAULTS.employmentType,
            location: VACANCY_DEFAULTS.location,
            ...fields,
            slug: input.slug || slugify(input.title, 'vacancy'),
            postedBy: input.postedBy || editorEmail,
          })
          .catch(tileRace(fields.homeTile)),
      );
    },

    /**
     * Saves only when `version` is the one stored: otherwise someone saved in between (or the
     * client did not say which version it edited) and 409 tells the editor to reload.
     */
    update: async (id: number, input: UpdateVacancyRequest): Promise<Vacancy> => {
      if (input.id !== undefined && input.id !== id) throw badRequest(MSG.vacancyIdMismatch);
      const { id: _id, version, date: _date, ...rest } = input;
      const texts = textsOf(rest);
      const current = await repo.find(id);
      if (!current) throw notFound(MSG.vacancyNotFound);
      const fields = publishingFields(input, current);
      // Only a change is checked: a stale version is then told as such, not as a taken tile.
      if (fields.homeTile !== current.homeTile) await tileFree(fields.homeTile, id);
      const saved =
        version === undefined
          ? undefined
          : await repo.updateIfVersion(id, version, { ...texts, ...fields }).catch(tileRace(fields.homeTile));
      if (saved) return toVacancy(saved);
      if (!(await repo.find(id))) throw notFound(MSG.vacancyNotFound);
      throw conflict(MSG.vacancyStale);
    },

    /**
     * Open again: status open, and a closing date that has passed is cleared (a future one stays).
     * Only the publishing fields change, so a vacancy whose texts the edit form would refuse can
     * still be reopened; the version rules are those of an update.
     */
    reopen: async (id: number, version: number): Promise<Vacancy> => {
      const current = await repo.find(id);
      if (!current) throw notFound(MSG.vacancyNotFound);
      const expired = !!current.closingDate && current.closingDate < brusselsDate(now());
      const saved = await repo.updateIfVersion(id, version, {
        title: current.title,
        expectation: current.expectation,
        function: current.function,
        description: current.description,
        offer: current.offer,
        status: 'open',
        ...(expired ? { closingDate: null } : {}),
      });
      if (saved) return toVacancy(saved);
      if (!(await repo.find(id))) throw notFound(MSG.vacancyNotFound);
      throw conflict(MSG.vacancyStale);
    },

    remove: async (id: number): Promise<void> => {
      if (!(await repo.remove(id))) throw notFound(MSG.vacancyNotFound);
    },
  };
};
