import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { DEFAULT_LOCALE, LOCALE_TABLE, LOCALES, isLocale, type Locale } from '@app/shared/locales';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { ROUTES } from '@app/shared/routes';
import { TEXT_ITEMS, type TextItem, type TextTranslations } from '@app/shared/schemas/content';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { SideBySideEditor, type TranslatableField } from '../../ui/admin/side-by-side';
import { serverReason } from '../../lib/api-client';
import { textTranslationsQuery, useSaveTextTranslation } from './api/text-translations';

/** The texts, as the back office names them, with their fields' labels. */
const ITEMS: Record<TextItem, { label: string; fields: TranslatableField[] }> = {
  masthead: {
    label: 'Masthead',
    fields: [
      { name: 'mastheadTitle', label: 'Masthead title' },
      { name: 'mastheadBody', label: 'Masthead text', multiline: true },
    ],
  },
  intro: {
    label: 'Intro',
    fields: [
      { name: 'title', label: 'Title' },
      { name: 'history', label: 'History', multiline: true },
      { name: 'body', label: 'Body', multiline: true },
    ],
  },
  privacy: { label: 'Privacy text', fields: [{ name: 'privacyText', label: 'Privacy text', multiline: true }] },
  confirmation: {
    label: 'Confirmation mail',
    fields: [{ name: 'confirmationText', label: 'Confirmation text', multiline: true }],
  },
};
const isItem = (v: string | null): v is TextItem => v !== null && v in TEXT_ITEMS;
const OTHERS = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

/** /translate-texts?item=masthead&language=nl: a page text in English beside one language's version. */
export function TranslateTextsPage() {
  const [search, setSearch] = useSearchParams();
  const rawItem = search.get('item');
  const item: TextItem = isItem(rawItem) ? rawItem : 'masthead';
  const rawLanguage = search.get('language');
  const language: Locale = isLocale(rawLanguage) && rawLanguage !== DEFAULT_LOCALE ? rawLanguage : OTHERS[0]!;
  const translations = useQuery(textTranslationsQuery(item));
  const go = (next: { item?: TextItem; language?: Locale }) =>
    setSearch({ item: next.item ?? item, language: next.language ?? language }, { replace: true });

  return (
    <AdminPage
      toolbarTitle="Page Texts"
      heading="Translate Page Texts"
      links={[{ label: 'Back to Dashboard', to: ROUTES.admin.path }]}
      maxWidth="xl"
    >
      <Tabs value={item} onChange={(_, value: TextItem) => go({ item: value })} aria-label="Text">
        {(Object.keys(ITEMS) as TextItem[]).map((i) => (
          <Tab key={i} value={i} label={ITEMS[i].label} />
        ))}
      </Tabs>
      <Tabs value={language} onChange={(_, value: Locale) => go({ language: value })} aria-label="Language">
        {OTHERS.map((l) => (
          <Tab key={l} value={l} label={LOCALE_TABLE[l].name} />
        ))}
      </Tabs>
      {translations.isError && <Alert severity="error">{BACK_OFFICE_MSG.translationLoadFailed}</Alert>}
      {translations.isPending && <Loading label="Loading translations..." />}
      {translations.data && (
        <TextTranslationEditor key={`${item}-${language}`} item={item} language={language} data={translations.data} />
      )}
    </AdminPage>
  );
}

function TextTranslationEditor({ item, language, data }: { item: TextItem; language: Locale; data: TextTranslations }) {
  const save = useSaveTextTranslation(item);
  const notify = useNotify();
  const stored = data.translations.find((t) => t.language === language);
  return (
    <SideBySideEditor
      sourceLanguage={DEFAULT_LOCALE}
      language={language}
      fields={ITEMS[item].fields}
      source={data.source}
      translation={stored && { fields: stored.fields, outdated: stored.outdated }}
      withStatus={false}
      saving={save.isPending}
      onSave={({ fields }) =>
        save.mutate(
          { language, fields },
          {
            onSuccess: () => notify(BACK_OFFICE_MSG.translationSaved(LOCALE_TABLE[language].name)),
            onError: (err) => notify(BACK_OFFICE_MSG.translationSaveFailed(serverReason(err) ?? ''), 'error'),
          },
        )
      }
    />
  );
}
