import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormTextField } from '../../../ui/admin/form-text-field';
import { useNotify } from '../../../ui/admin/notify';
import { ApiError } from '../../../lib/api-client';

export interface PageTextField<T> {
  name: Path<T> & keyof T & string;
  label: string;
  /** Rows of a multi-line field; single line when absent. */
  rows?: number;
}

/**
 * The masthead and intro forms: texts prefilled from the server, one Submit, a notice on success
 * and the server's reason in place when saving fails. Mounted once the texts are loaded, so the
 * loaded values are the form's defaults.
 */
export function PageTextForm<T extends FieldValues>({
  schema,
  fields,
  initial,
  save,
  pending,
  savedMessage,
  label,
}: {
  schema: z.ZodType<T, T>;
  fields: PageTextField<T>[];
  initial: T;
  save: (values: T, callbacks: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
  pending: boolean;
  savedMessage: string;
  label: string;
}) {
  const notify = useNotify();
  const [failure, setFailure] = useState<string>();
  const { control, handleSubmit, reset, formState } = useForm<T>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: initial as DefaultValues<T>,
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(undefined);
    save(values, {
      onSuccess: () => {
        notify(savedMessage);
        reset(values);
      },
      onError: (err) => setFailure(err instanceof Error ? err.message : String(err)),
    });
  });

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={label}>
      {fields.map((f) => (
        <FormTextField
          key={f.name}
          control={control}
          name={f.name}
          label={f.label}
          multiline={!!f.rows}
          minRows={f.rows}
        />
      ))}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={pending || !formState.isValid}
        sx={{ alignSelf: 'flex-start' }}
      >
        Submit
      </Button>
    </Stack>
  );
}

/** The text to show when a page text could not be loaded: what the server said, if anything. */
export const loadFailure = (err: unknown) =>
  err instanceof ApiError || err instanceof Error ? err.message : String(err);
