import { useSearchParams } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { LOCALE_TABLE, LOCALES, isLocale, type Locale } from '@app/shared/locales';

/**
 * Which language a translation screen edits: `?language=` when it is a site language other than
 * the item's own, else the first other one. Undefined until the item's language is known.
 */
export function useTranslationLanguage(sourceLanguage: Locale | undefined) {
  const [search, setSearch] = useSearchParams();
  const others = LOCALES.filter((l) => l !== sourceLanguage);
  const asked = search.get('language');
  const language: Locale | undefined = isLocale(asked) && asked !== sourceLanguage ? asked : others[0];
  const choose = (value: Locale) => setSearch({ language: value }, { replace: true });
  return { others, language, choose };
}

/** One tab per language an item can be translated into. */
export function LanguageTabs({
  others,
  language,
  onChange,
}: {
  others: Locale[];
  language: Locale;
  onChange: (value: Locale) => void;
}) {
  return (
    <Tabs value={language} onChange={(_, value: Locale) => onChange(value)} aria-label="Language">
      {others.map((l) => (
        <Tab key={l} value={l} label={LOCALE_TABLE[l].name} />
      ))}
    </Tabs>
  );
}
