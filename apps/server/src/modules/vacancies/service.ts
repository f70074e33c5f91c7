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
  type StoredVacancyTranslation,
  type VacanciesRepository,
  type VacancyFields,
  type VacancyRow,
} from './repository';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@app/shared/locales';
import type { TranslationState } from '@app/shared/schemas/translations';
import { vacancyTranslationForm, type VacancyTranslations } from '@app/shared/schemas/vacancies';
import { invalidField, validationFailed } from '../../lib/field-errors';

/** How a vacancy reads: in `lang`, its published translation there, else its own texts. */
interface Reading {
  lang?: Locale;
  staff?: boolean;
}

/**
 * A vacancy as an answer carries it (decision 0155): the texts of the language asked for when it
 * is published in it, else its own; `language` says which, `translations` where else it exists.
 */
function toVacancy(v: VacancyRow, stored: StoredVacancyTranslation[] = [], reading: Reading = {}): Vacancy {
  const own: Locale = isLocale(v.language) ? v.language : DEFAULT_LOCALE;
  const mine = stored.filter((t) => t.vacancyId === v.id);
  const published = mine.filter((t) => t.status === 'published' && t.language !== own);
  const shown = reading.lang && reading.lang !== own ? published.find((t) => t.language === reading.lang) : undefined;
  const texts = shown
    ? {
        title: shown.title,
        slug: shown.slug,
        expectation: shown.expectation,
        function: shown.function,
        description: shown.description,
        offer: shown.offer,
        location: shown.location || v.location,
      }
    : {};
  const states = (): { language: Locale; state: TranslationState }[] =>
    LOCALES.map((language) => {
      if (language === own) return { language, state: 'source' };
      const t = mine.find((m) => m.language === language);
      if (!t) return { language, state: 'missing' };
      return { language, state: !t.current ? 'outdated' : t.status === 'published' ? 'published' : 'draft' };
    });
  return {
    ...v,
    ...texts,
    date: v.date.toISOString(),
    employmentType: v.employmentType as Vacancy['employmentType'],
    language: shown ? (shown.language as Locale) : own,
    translations: [
      { language: own, slug: v.slug },
      ...LOCALES.flatMap((l) => published.filter((t) => t.language === l).map((t) => ({ language: l, slug: t.slug }))),
    ],
    ...(reading.staff ? { translationStates: states() } : {}),
  };
}

type Publishing = Pick<
  CreateVacancyRequest,
  'status' | 'closingDate' | 'employmentType' | 'location' | 'slug' | 'homeTile' | 'language'
>;

/**
 * The publishing fields to store: a field the client did not send is left out (the column's
 * default on create, the stored value on update); '' clears the closing date; an empty or missing
 * slug is made from the title, except that an update keeping the title keeps its slug.
 */
function publishingFields(input: Publishing & { title: string }, current?: VacancyRow): Partial<VacancyFields> {
  const out: Partial<VacancyFields> = {};
  if (input.status !== undefined) {
    out.status = input.status;
    // Closing by hand starts the candidates' retention period (decision 0160); saving a closed
    // vacancy again keeps the first moment, reopening clears it.
    out.closedAt = input.status === 'closed' ? (current?.status === 'closed' ? current.closedAt : new Date()) : null;
  }
  if (input.closingDate !== undefined) out.closingDate = input.closingDate || null;
  if (input.employmentType !== undefined) out.employmentType = input.employmentType;
  if (input.location !== undefined) out.location = input.location;
  // '' (the form's None) and null untie the vacancy from its tile.
  if (input.homeTile !== undefined) out.homeTile = input.homeTile || null;
  if (input.language !== undefined) out.language = input.language;
  out.slug = input.slug || (current && current.title === input.title ? current.slug : slugify(input.title, 'vacancy'));
  return out;
}

/** What a request holds besides its publishing fields: the vacancy's texts (and its author). */
function textsOf<T extends Publishing>(input: T): Omit<T, keyof Publishing> {
  const {
    status: _s,
    closingDate: _c,
    employmentType: _e,
    location: _l,
    slug: _slug,
    homeTile: _t,
    language: _language,
    ...texts
  } = input;
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

  /** Rows as answers: with their translations read in one query. */
  const answers = async (rows: VacancyRow[], reading: Reading = {}): Promise<Vacancy[]> => {
    const stored = await repo.translationsOf(rows.map((r) => r.id));
    return rows.map((r) => toVacancy(r, stored, reading));
  };
  const answer = async (row: VacancyRow, reading: Reading = {}): Promise<Vacancy> =>
    (await answers([row], reading))[0]!;

  /**
   * Any vacancy, open or not: a closed vacancy's page says the position is filled. In `lang` when
   * it is published in it, else in its own language (`language` says which).
   */
  const get = async (id: number, lang?: Locale): Promise<Vacancy> => {
    const found = await repo.find(id);
    if (!found) throw notFound(MSG.vacancyNotFound);
    return answer(found, lang ? { lang } : {});
  };

  /** The vacancy's own texts beside every stored translation (the side-by-side editor). */
  const translations = async (id: number): Promise<VacancyTranslations> => {
    const found = await repo.find(id);
    if (!found) throw notFound(MSG.vacancyNotFound);
    const stored = await repo.translationsOf([id]);
    const texts = (
      t: Pick<VacancyRow, 'title' | 'slug' | 'expectation' | 'function' | 'description' | 'offer' | 'location'>,
    ) => ({
      title: t.title,
      slug: t.slug,
      expectation: t.expectation,
      function: t.function,
      description: t.description,
      offer: t.offer,
      location: t.location,
    });
    return {
      source: { language: isLocale(found.language) ? found.language : DEFAULT_LOCALE, ...texts(found) },
      translations: LOCALES.flatMap((language) =>
        stored
          .filter((t) => t.language === language)
          .map((t) => ({
            language,
            ...texts(t),
            status: t.status === 'published' ? ('published' as const) : ('draft' as const),
            updatedAt: t.updatedAt.toISOString(),
            outdated: !t.current,
          })),
      ),
    };
  };

  return {
    /**
     * The public list of a language: the first OPEN_VACANCIES_MAX open vacancies whose closing date
     * has not passed in Brussels, of those written or published in it.
     */
    listOpen: async (lang: Locale = DEFAULT_LOCALE): Promise<Vacancy[]> =>
      (await answers(await repo.listOpen(brusselsDate(now()), OPEN_VACANCIES_MAX), { lang })).filter(
        (v) => v.language === lang,
      ),
    /** Staff see every vacancy, a page at a time; `missing` keeps those a language lacks. */
    list: (query: PageQuery & { missing?: Locale | undefined }): Promise<VacancyPage> =>
      onePage(
        query,
        async (limit, offset) => answers(await repo.list(limit, offset, query.missing), { staff: true }),
        () => repo.count(query.missing),
        VACANCY_OVERVIEW_PAGE_SIZE,
      ),
    get,
    translations,

    /** Saves one language's translation; the vacancy and its other languages stay as they are. */
    saveTranslation: async (id: number, language: Locale, raw: unknown): Promise<VacancyTranslations> => {
      const parsed = vacancyTranslationForm.safeParse(raw);
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      const found = await repo.find(id);
      if (!found) throw notFound(MSG.vacancyNotFound);
      if (found.language === language) throw invalidField('language', MSG.translationIsSource);
      const { slug, location, ...texts } = parsed.data;
      await repo.saveTranslation(id, language, {
        ...texts,
        location: location ?? '',
        slug: slug || slugify(texts.title, 'vacancy'),
      });
      return translations(id);
    },

    removeTranslation: async (id: number, language: Locale): Promise<void> => {
      if (!(await repo.removeTranslation(id, language))) throw notFound(MSG.translationNotFound);
    },

    /** The author defaults to the signed-in editor; the date is the server's now. */
    create: async (input: CreateVacancyRequest, editorEmail: string): Promise<Vacancy> => {
      const texts = textsOf(input);
      const fields = publishingFields(input);
      await tileFree(fields.homeTile);
      return answer(
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
      if (saved) return answer(saved);
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
        closedAt: null,
        ...(expired ? { closingDate: null } : {}),
      });
      if (saved) return answer(saved);
      if (!(await repo.find(id))) throw notFound(MSG.vacancyNotFound);
      throw conflict(MSG.vacancyStale);
    },

    remove: async (id: number): Promise<void> => {
      if (!(await repo.remove(id))) throw notFound(MSG.vacancyNotFound);
    },
  };
};
