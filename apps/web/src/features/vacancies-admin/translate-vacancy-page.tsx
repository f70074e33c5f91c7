import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { LOCALE_TABLE, type Locale } from '@app/shared/locales';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { ROUTES, pathTo } from '@app/shared/routes';
import { parseId } from '@app/shared/ids';
import type { VacancyTranslations } from '@app/shared/schemas/vacancies';
import { AdminPage } from '../../ui/admin/admin-page';
import { LanguageTabs, useTranslationLanguage } from '../../ui/admin/translation-language';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { SideBySideEditor, type TranslatableField } from '../../ui/admin/side-by-side';
import { serverReason } from '../../lib/api-client';
import { useSaveVacancyTranslation, vacancyTranslationsQuery } from './api/vacancy-translations';

const FIELDS: TranslatableField[] = [
  { name: 'title', label: 'Title' },
  { name: 'slug', label: 'Slug' },
  { name: 'expectation', label: 'Expectations', multiline: true },
  { name: 'function', label: 'Function', multiline: true },
  { name: 'description', label: 'Description', multiline: true },
  { name: 'offer', label: 'Offer', multiline: true },
  { name: 'location', label: 'Location' },
];
type Texts = Record<(typeof FIELDS)[number]['name'], string>;
const textsOf = (t: VacancyTranslations['source']): Texts =>
  Object.fromEntries(FIELDS.map((f) => [f.name, String(t[f.name as keyof typeof t] ?? '')]));

/** /translate-vacancy/{id}?language=nl: the vacancy's source beside one language's translation (decision 0155). */
export function TranslateVacancyPage() {
  const id = parseId(useParams().id);
  const translations = useQuery({ ...vacancyTranslationsQuery(id ?? 0), enabled: id !== undefined });
  const { others, language, choose } = useTranslationLanguage(translations.data?.source.language);

  return (
    <AdminPage
      toolbarTitle="Vacancy Management"
      heading="Translate Vacancy"
      links={id ? [{ label: 'Back to vacancy', to: pathTo(ROUTES.viewVacancy, { id }) }] : []}
      maxWidth="xl"
    >
      {translations.isError && <Alert severity="error">{BACK_OFFICE_MSG.translationLoadFailed}</Alert>}
      {translations.isPending && id !== undefined && <Loading label="Loading translations..." />}
      {translations.data && language && id !== undefined && (
        <>
          <LanguageTabs others={others} language={language} onChange={choose} />
          <VacancyTranslationEditor key={language} id={id} language={language} data={translations.data} />
        </>
      )}
    </AdminPage>
  );
}

function VacancyTranslationEditor({ id, language, data }: { id: number; language: Locale; data: VacancyTranslations }) {
  const save = useSaveVacancyTranslation(id);
  const notify = useNotify();
  const stored = data.translations.find((t) => t.language === language);
  return (
    <SideBySideEditor
      sourceLanguage={data.source.language}
      language={language}
      fields={FIELDS}
      source={textsOf(data.source)}
      translation={stored && { fields: textsOf(stored), status: stored.status, outdated: stored.outdated }}
      withStatus
      saving={save.isPending}
      onSave={({ fields, status }) =>
        save.mutate(
          {
            language,
            body: {
              title: fields['title'] ?? '',
              expectation: fields['expectation'] ?? '',
              function: fields['function'] ?? '',
              description: fields['description'] ?? '',
              offer: fields['offer'] ?? '',
              ...(fields['location'] ? { location: fields['location'] } : {}),
              ...(fields['slug'] ? { slug: fields['slug'] } : {}),
              status: status ?? 'draft',
            },
          },
          {
            onSuccess: () => notify(BACK_OFFICE_MSG.translationSaved(LOCALE_TABLE[language].name)),
            onError: (err) => notify(BACK_OFFICE_MSG.translationSaveFailed(serverReason(err) ?? ''), 'error'),
          },
        )
      }
    />
  );
}
