import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { LOCALE_TABLE, LOCALES, isLocale, type Locale } from '@app/shared/locales';
import { CANDIDATES_MSG } from '@app/shared/messages/candidates';
import { ROUTES } from '@app/shared/routes';
import {
  CANDIDATE_MAIL_KINDS,
  TEMPLATE_PLACEHOLDERS,
  templateForm,
  type CandidateMailKind,
  type MailTemplate,
  type TemplateFormInput,
} from '@app/shared/schemas/candidates';
import { serverReason } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { AdminPage } from '../../ui/admin/admin-page';
import { ConfirmButton } from '../../ui/admin/confirm-button';
import { FormTextField } from '../../ui/admin/form-text-field';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { mailTemplatesQuery, useResetTemplate, useSaveTemplate } from './api/candidate-mails';

const KIND_LABELS: Record<CandidateMailKind, string> = {
  acknowledgement: 'Acknowledgement',
  invitation: 'Invitation to an interview',
  rejection: 'Rejection',
};

/** What each placeholder becomes when a mail is previewed and sent; the last four only in an invitation. */
const PLACEHOLDER_MEANINGS: Record<(typeof TEMPLATE_PLACEHOLDERS)[number], string> = {
  name: "the candidate's full name",
  vacancy: "the vacancy's title in the candidate's language (for the general pool: a position with us)",
  company: "the company's name from the site settings",
  date: "the interview's date, written out in the candidate's language",
  time: "the interview's start time, Brussels time",
  duration: "the interview's length in minutes",
  place: 'where the interview is: the place, and the video link when there is one',
};
const INTERVIEW_ONLY = new Set(['date', 'time', 'duration', 'place']);

const isKind = (v: string | null): v is CandidateMailKind =>
  v !== null && (CANDIDATE_MAIL_KINDS as readonly string[]).includes(v);

/**
 * /candidate-mails?kind=rejection&language=fr: the mails candidates get, per kind and language.
 * Each starts as a built-in text; a saved change replaces it until it is put back to the default.
 */
export function CandidateMailsPage() {
  const [search, setSearch] = useSearchParams();
  const rawKind = search.get('kind');
  const kind: CandidateMailKind = isKind(rawKind) ? rawKind : 'acknowledgement';
  const rawLanguage = search.get('language');
  const language: Locale = isLocale(rawLanguage) ? rawLanguage : 'en';
  const go = (next: { kind?: CandidateMailKind; language?: Locale }) =>
    setSearch({ kind: next.kind ?? kind, language: next.language ?? language }, { replace: true });
  const templates = useQuery(mailTemplatesQuery);
  const current = templates.data?.find((t) => t.kind === kind && t.language === language);

  return (
    <AdminPage
      toolbarTitle="Candidate mails"
      heading="Candidate Mail Templates"
      links={[
        { label: 'Back to Candidates', to: ROUTES.candidates.path },
        { label: 'Back to Dashboard', to: ROUTES.admin.path },
      ]}
    >
      <Typography sx={{ mb: 2 }}>
        The mails candidates get from the pipeline, in their own language. You see each mail filled in before it is
        sent.
      </Typography>
      <Tabs value={kind} onChange={(_, value: CandidateMailKind) => go({ kind: value })} aria-label="Kind of mail">
        {CANDIDATE_MAIL_KINDS.map((k) => (
          <Tab key={k} value={k} label={KIND_LABELS[k]} />
        ))}
      </Tabs>
      <Tabs value={language} onChange={(_, value: Locale) => go({ language: value })} aria-label="Language">
        {LOCALES.map((l) => (
          <Tab key={l} value={l} label={LOCALE_TABLE[l].name} />
        ))}
      </Tabs>
      <Box sx={{ mt: 3 }}>
        {templates.isPending && <Loading label="Loading the templates..." />}
        {templates.isError && (
          <Alert severity="error">
            {serverReason(templates.error) ?? 'The templates could not be loaded. Reload the page to try again.'}
          </Alert>
        )}
        {current && <TemplateEditor key={`${kind}-${language}-${current.updatedAt ?? 'default'}`} template={current} />}
      </Box>
      <Placeholders kind={kind} />
    </AdminPage>
  );
}

/** One template's subject and text, with Save and Back to the default text. */
function TemplateEditor({ template }: { template: MailTemplate }) {
  const notify = useNotify();
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const [failure, setFailure] = useState<string>();
  const { control, handleSubmit, formState } = useForm<TemplateFormInput>({
    resolver: zodResolver(templateForm),
    mode: 'onTouched',
    defaultValues: { subject: template.subject, body: template.body },
  });
  const key = { kind: template.kind, language: template.language };
  const names = `${KIND_LABELS[template.kind].toLowerCase()} in ${LOCALE_TABLE[template.language].name}`;

  const onSubmit = handleSubmit((values) => {
    setFailure(undefined);
    save.mutate(
      { ...key, ...values },
      {
        onSuccess: () => notify(CANDIDATES_MSG.templateSaved),
        onError: (err) => setFailure(serverReason(err) ?? 'The template could not be saved. Try again.'),
      },
    );
  });
  const toDefault = () => {
    setFailure(undefined);
    reset.mutate(key, {
      onSuccess: () => notify(CANDIDATES_MSG.templateReset),
      onError: (err) => setFailure(serverReason(err) ?? 'The template could not be put back. Try again.'),
    });
  };

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={`Template: ${names}`}>
      <Box>
        {template.isDefault ? (
          <Chip label="Default text" size="small" />
        ) : (
          <Chip label={`Changed on ${formatDate(template.updatedAt, 'mediumTime')}`} color="primary" size="small" />
        )}
      </Box>
      <FormTextField
        control={control}
        name="subject"
        label="Subject"
        required
        slotProps={{ htmlInput: { lang: LOCALE_TABLE[template.language].tag } }}
      />
      <FormTextField
        control={control}
        name="body"
        label="Text"
        required
        multiline
        minRows={10}
        slotProps={{ htmlInput: { lang: LOCALE_TABLE[template.language].tag } }}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={save.isPending || !formState.isDirty}>
          Save
        </Button>
        <ConfirmButton
          label="Back to the default text"
          title="Back to the default text?"
          question={`The ${names} goes back to the built-in text; your changes to it are lost.`}
          confirmLabel="Back to the default"
          disabled={template.isDefault || reset.isPending}
          onConfirm={toDefault}
        />
      </Stack>
    </Stack>
  );
}

function Placeholders({ kind }: { kind: CandidateMailKind }) {
  return (
    <Box component="section" aria-labelledby="placeholders-heading" sx={{ mt: 4 }}>
      <Typography id="placeholders-heading" variant="h6" component="h2" gutterBottom>
        Placeholders
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Write a placeholder in braces; it is filled in for each candidate. A misspelt one stays as written, so the
        preview shows it.
      </Typography>
      <Box component="dl" sx={{ m: 0, '& dt': { fontFamily: 'monospace', mt: 1 }, '& dd': { ml: 2 } }}>
        {TEMPLATE_PLACEHOLDERS.map((p) => (
          <Box
            key={p}
            sx={{ color: INTERVIEW_ONLY.has(p) && kind !== 'invitation' ? 'text.secondary' : 'text.primary' }}
          >
            <dt>{`{${p}}`}</dt>
            <dd>
              {PLACEHOLDER_MEANINGS[p]}
              {INTERVIEW_ONLY.has(p) && ' (invitation only)'}
            </dd>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
