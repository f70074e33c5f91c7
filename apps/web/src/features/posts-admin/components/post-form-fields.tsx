import { useEffect, useState } from 'react';
import { DEFAULT_LOCALE, LOCALE_TABLE, LOCALES } from '@app/shared/locales';
import { Controller, useWatch, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PostForm } from '@app/shared/schemas/posts';
import { fromBrusselsLocal, toBrusselsLocal } from '@app/shared/brussels';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { ROLES_MSG } from '@app/shared/messages/roles';
import { FormTextField } from '../../../ui/admin/form-text-field';
import { renderPreview } from '../api/posts';
import { TagsInput } from './tags-input';

type TextName = 'name' | 'postedBy' | 'content';
const LABELS: Record<TextName, string> = { name: 'Title', postedBy: 'Posted By', content: 'Content' };

/**
 * Publish at is Brussels wall-clock time whatever the browser's zone: staff schedule for the
 * company's readers, and the same post shows the same time to every editor.
 */
const toLocalInput = (iso: string | undefined) => (iso ? toBrusselsLocal(iso) : '');

/** The Preview tab: the content rendered by the server's own renderer, exactly as the public page shows it. */
function MarkdownPreview({ control }: { control: Control<PostForm> }) {
  const content = useWatch({ control, name: 'content' }) ?? '';
  const [shown, setShown] = useState<{ source: string; html: string } | { source: string; error: string }>();
  useEffect(() => {
    let current = true;
    renderPreview(content).then(
      (r) => current && setShown({ source: content, html: r.html }),
      () => current && setShown({ source: content, error: BACK_OFFICE_MSG.postPreviewFailed }),
    );
    return () => {
      current = false;
    };
  }, [content]);
  if (!shown || shown.source !== content) return <Typography color="text.secondary">Rendering…</Typography>;
  if ('error' in shown) return <Typography role="alert">{shown.error}</Typography>;
  // Sanitized with an allow list on the server (apps/server/src/modules/posts/markdown.ts).
  return (
    <Box
      data-testid="post-preview"
      sx={{ overflowWrap: 'anywhere' }}
      dangerouslySetInnerHTML={{ __html: shown.html }}
    />
  );
}

/**
 * Title, Posted By, Content (Write and Preview), Tags, status, publication time and slug of the
 * create and edit forms. Without `mayPublish` (a contributor) the status stays Draft and there is
 * no publication time: an editor publishes (decision 0145).
 */
export function PostFormFields({ control, mayPublish = true }: { control: Control<PostForm>; mayPublish?: boolean }) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const text = (name: TextName) => (
    <FormTextField
      control={control}
      name={name}
      label={LABELS[name]}
      required
      fullWidth
      multiline={name === 'content'}
      minRows={name === 'content' ? 8 : undefined}
    />
  );
  return (
    <>
      {text('name')}
      {text('postedBy')}
      <Tabs value={tab} onChange={(_e, v: 'write' | 'preview') => setTab(v)} aria-label="Editor mode">
        <Tab value="write" label="Write" />
        <Tab value="preview" label="Preview" />
      </Tabs>
      {tab === 'write' ? (
        <>
          {text('content')}
          <Typography variant="body2" color="text.secondary">
            Markdown: **bold**, *italic*, [links](https://…), lists, tables.
          </Typography>
        </>
      ) : (
        <MarkdownPreview control={control} />
      )}
      <Controller
        name="tags"
        control={control}
        render={({ field }) => <TagsInput value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} />}
      />
      <Controller
        name="status"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label="Status"
            value={field.value ?? 'published'}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={!mayPublish}
            helperText={mayPublish ? undefined : ROLES_MSG.postPublishNotAllowed}
          >
            <MenuItem value="published">Published</MenuItem>
            <MenuItem value="draft">Draft</MenuItem>
          </TextField>
        )}
      />
      <Controller
        name="language"
        control={control}
        render={({ field }) => (
          // The language the post is written in; its translations are made from it (decision 0155).
          <TextField
            select
            label="Written in"
            id="post-language"
            value={field.value ?? DEFAULT_LOCALE}
            onChange={field.onChange}
            onBlur={field.onBlur}
          >
            {LOCALES.map((l) => (
              <MenuItem key={l} value={l}>
                {LOCALE_TABLE[l].name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {mayPublish && (
        <Controller
          name="publishAt"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              type="datetime-local"
              label="Publish at (Brussels time)"
              id="publishAt"
              value={toLocalInput(field.value)}
              onChange={(e) => field.onChange(e.target.value ? fromBrusselsLocal(e.target.value) : undefined)}
              onBlur={field.onBlur}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? 'Europe/Brussels. Empty: now. A later time schedules the post.'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
        />
      )}
      <Controller
        name="slug"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            label="Slug"
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'The readable part of the URL. Empty: made from the title.'}
          />
        )}
      />
    </>
  );
}
