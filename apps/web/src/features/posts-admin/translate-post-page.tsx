import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { LOCALE_TABLE, type Locale } from '@app/shared/locales';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { ROUTES, pathTo } from '@app/shared/routes';
import { parseId } from '@app/shared/ids';
import type { PostTranslations } from '@app/shared/schemas/posts';
import { AdminPage } from '../../ui/admin/admin-page';
import { LanguageTabs, useTranslationLanguage } from '../../ui/admin/translation-language';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { SideBySideEditor, type TranslatableField } from '../../ui/admin/side-by-side';
import { serverReason } from '../../lib/api-client';
import { postTranslationsQuery, useSavePostTranslation } from './api/post-translations';

const FIELDS: TranslatableField[] = [
  { name: 'name', label: 'Title' },
  { name: 'slug', label: 'Slug' },
  { name: 'content', label: 'Content', multiline: true },
];

/**
 * /translate-post/{id}?language=nl: the post's source beside its translation into one language
 * (decision 0155). Each language is saved on its own; the others and the source stay as they are.
 */
export function TranslatePostPage() {
  const id = parseId(useParams().id);
  const translations = useQuery({ ...postTranslationsQuery(id ?? 0), enabled: id !== undefined });
  const { others, language, choose } = useTranslationLanguage(translations.data?.source.language);

  return (
    <AdminPage
      toolbarTitle="Post Management"
      heading="Translate Post"
      links={id ? [{ label: 'Back to Post', to: pathTo(ROUTES.viewPost, { id }) }] : []}
      maxWidth="xl"
    >
      {translations.isError && <Alert severity="error">{BACK_OFFICE_MSG.translationLoadFailed}</Alert>}
      {translations.isPending && id !== undefined && <Loading label="Loading translations..." />}
      {translations.data && language && id !== undefined && (
        <>
          <LanguageTabs others={others} language={language} onChange={choose} />
          {/* One editor per language: switching languages starts from that language's stored texts. */}
          <PostTranslationEditor key={language} id={id} language={language} data={translations.data} />
        </>
      )}
    </AdminPage>
  );
}

function PostTranslationEditor({ id, language, data }: { id: number; language: Locale; data: PostTranslations }) {
  const save = useSavePostTranslation(id);
  const notify = useNotify();
  const stored = data.translations.find((t) => t.language === language);
  return (
    <SideBySideEditor
      sourceLanguage={data.source.language}
      language={language}
      fields={FIELDS}
      source={{ name: data.source.name, slug: data.source.slug, content: data.source.content }}
      translation={
        stored && {
          fields: { name: stored.name, slug: stored.slug, content: stored.content },
          status: stored.status,
          outdated: stored.outdated,
        }
      }
      withStatus
      saving={save.isPending}
      onSave={({ fields, status }) =>
        save.mutate(
          {
            language,
            body: {
              name: fields['name'] ?? '',
              content: fields['content'] ?? '',
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
