import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOCALE_TABLE, type Locale } from '@app/shared/locales';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';

/** One translatable field: its name in the source and the translation, its label, one line or many. */
export interface TranslatableField {
  name: string;
  label: string;
  multiline?: boolean;
}

/** What the editor saves: the fields, and for posts and vacancies whether the translation is public. */
export interface TranslationValues {
  fields: Record<string, string>;
  status?: 'draft' | 'published';
}

/**
 * The source (read-only) beside one language's translation (decision 0155): staff translate field by
 * field with the source in view, see whether the translation is missing or outdated, and save that
 * language alone. The back office is English; the texts edited are in the language named.
 */
export function SideBySideEditor({
  sourceLanguage,
  language,
  fields,
  source,
  translation,
  withStatus,
  saving,
  onSave,
}: {
  sourceLanguage: Locale;
  language: Locale;
  fields: TranslatableField[];
  source: Record<string, string>;
  /** The stored translation, undefined when there is none yet. */
  translation: (TranslationValues & { outdated: boolean }) | undefined;
  /** Posts and vacancies have drafts; page texts are live once saved. */
  withStatus: boolean;
  saving: boolean;
  onSave: (values: TranslationValues) => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, translation?.fields[f.name] ?? ''])),
  );
  const [status, setStatus] = useState<'draft' | 'published'>(translation?.status ?? 'draft');
  const sourceName = LOCALE_TABLE[sourceLanguage].name;
  const targetName = LOCALE_TABLE[language].name;

  return (
    <Box
      component="form"
      aria-label={`${targetName} translation`}
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ fields: values, ...(withStatus ? { status } : {}) });
      }}
    >
      {!translation && <Alert severity="info">{BACK_OFFICE_MSG.translationMissing}</Alert>}
      {translation?.outdated && <Alert severity="warning">{BACK_OFFICE_MSG.translationOutdated}</Alert>}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mt: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }} lang={LOCALE_TABLE[sourceLanguage].tag}>
          <Typography variant="h6" component="h2">
            Source ({sourceName})
          </Typography>
          {fields.map((f) => (
            <TextField
              key={f.name}
              id={`source-${f.name}`}
              label={`${f.label} (${sourceName})`}
              value={source[f.name] ?? ''}
              multiline={f.multiline ?? false}
              minRows={f.multiline ? 4 : undefined}
              fullWidth
              margin="normal"
              slotProps={{ input: { readOnly: true } }}
            />
          ))}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }} lang={LOCALE_TABLE[language].tag}>
          <Typography variant="h6" component="h2">
            {targetName}
          </Typography>
          {fields.map((f) => (
            <TextField
              key={f.name}
              id={`translation-${f.name}`}
              label={`${f.label} (${targetName})`}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              multiline={f.multiline ?? false}
              minRows={f.multiline ? 4 : undefined}
              fullWidth
              margin="normal"
            />
          ))}
          {withStatus && (
            <TextField
              select
              id="translation-status"
              label="Publication"
              value={status}
              onChange={(e) => setStatus(e.target.value === 'published' ? 'published' : 'draft')}
              margin="normal"
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="draft">Draft</MenuItem>
              <MenuItem value="published">Published</MenuItem>
            </TextField>
          )}
        </Box>
      </Stack>
      <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 2 }}>
        Save {targetName}
      </Button>
    </Box>
  );
}
